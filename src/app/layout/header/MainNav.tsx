import { NavLink } from 'react-router-dom';
import classes from './SiteHeader.module.css';
import { NAV_ITEMS } from './nav-items';

interface MainNavProps {
  id?: string;
  className?: string;
  /** Called after a link is chosen (the mobile menu closes itself). */
  onNavigate?: () => void;
}

/** The product's main navigation; NavLink marks the current page with aria-current="page". */
export function MainNav({ id, className, onNavigate }: MainNavProps) {
  return (
    <nav id={id} aria-label="Main" className={className}>
      <ul className={classes.navList}>
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className={classes.navLink} onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
