import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { OfflineBadge } from '@/features/offline';
import { PageReady } from '@/shared/ui/PageReady';
import { SiteFooter } from './footer/SiteFooter';
import { SiteHeader } from './header/SiteHeader';
import classes from './AppLayout.module.css';

/** Header, the current page and footer: the frame every route shares. */
export function AppLayout() {
  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <SiteHeader status={<OfflineBadge />} />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        {/* A boundary of its own: the page hydrates in slices after the header and footer, not in one long task. */}
        <Suspense>
          <Outlet />
          <PageReady />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
