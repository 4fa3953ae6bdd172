import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@/shared/lib/product';
import { LogoMark } from '@/shared/ui/LogoMark';
import { PATHS } from '../../paths';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { MainNav } from './MainNav';
import classes from './SiteHeader.module.css';

const MOBILE_NAV_ID = 'mobile-navigation';

interface SiteHeaderProps {
  /** App-wide status shown beside the colour-scheme toggle (offline badge, update prompt). */
  status?: ReactNode;
}

export function SiteHeader({ status }: SiteHeaderProps) {
  const [menuOpened, menu] = useDisclosure(false);
  useHotkeys([['Escape', menu.close]], []);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <Link to={PATHS.home} className={classes.brand} onClick={menu.close}>
          <LogoMark size={32} />
          <span className={classes.brandName}>{PRODUCT_NAME}</span>
        </Link>
        <Group gap={8} wrap="nowrap">
          {/* Before the links: the badge comes, goes and changes width, and grows to the left into free room
              instead of moving the links under the pointer. */}
          {status}
          <MainNav className={classes.desktopNav} />
          <ColorSchemeToggle />
          <Burger
            hiddenFrom="sm"
            size="sm"
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label={menuOpened ? 'Close navigation menu' : 'Open navigation menu'}
            aria-expanded={menuOpened}
            aria-controls={MOBILE_NAV_ID}
          />
        </Group>
      </Container>
      {/* Below the sm breakpoint the links move into this panel; it only exists while open. */}
      {menuOpened && (
        <Box hiddenFrom="sm" className={classes.mobilePanel}>
          <Container size="lg">
            <MainNav id={MOBILE_NAV_ID} className={classes.mobileNav} onNavigate={menu.close} />
          </Container>
        </Box>
      )}
    </header>
  );
}
