import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { firstFrameAt } from '../first-frame.ts';
import { useNavigationPending } from '../history-router.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { useScrollRestoration } from './scroll-restoration.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import classes from './root-layout.module.css';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * While a page's code and strings load. On the page the browser loaded, the top of it the server drew (the first
 * frame: title and introduction) stays where it is, rather than the page going blank under the header until its code
 * is in; the loader below it shows if the wait lasts.
 */
function PageFallback({ frame }: { frame: string | undefined }) {
  return (
    <>
      {frame && <div className="ff-main" dangerouslySetInnerHTML={{ __html: frame }} />}
      <PageLoader />
    </>
  );
}

/** Spec §2: every page shares header, content and footer. */
export function RootLayout() {
  const { t } = useTranslation();
  // A page's code loads on its first visit; the bar shows that a click was taken.
  const loading = useNavigationPending();
  const location = useLocation();
  useScrollRestoration();

  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {t('a11y.skipToContent')}
      </a>
      <SiteHeader />
      {loading && <div className={classes.progress} aria-hidden="true" />}
      <main id="main-content" tabIndex={-1} className={classes.main} aria-busy={loading}>
        {/* A page's code and strings load with it: the page waits here (header and footer stay) until they are in. */}
        <PageErrorBoundary resetKey={location.key}>
          <Suspense fallback={<PageFallback frame={firstFrameAt(location)} />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
