import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import classes from './root-layout.module.css';
import { useTranslation } from '../../lib/i18n.ts';

/** Spec §2: every page shares header, content and footer. */
export function RootLayout() {
  const { t } = useTranslation();
  // A page's code loads on its first visit; the bar shows that a click was taken.
  const loading = useNavigation().state === 'loading';

  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {t('a11y.skipToContent')}
      </a>
      <SiteHeader />
      {loading && <div className={classes.progress} aria-hidden="true" />}
      <main id="main-content" tabIndex={-1} className={classes.main} aria-busy={loading}>
        {/* A page's strings load with it: the page waits here (header and footer stay) until they are in. */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
