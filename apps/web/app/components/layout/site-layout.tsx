import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isBackOfficePath } from '../../lib/back-office';
import { Footer } from './footer';
import { Header } from './header';
import { HeartCursor } from './heart-cursor';
import { NavigationProgress, PendingProductPage } from './navigation-progress';
import { PromoMarquee } from './promo-marquee';
import { SignInDialog } from './sign-in-dialog';
import { TestPaymentsBanner } from './test-payments-banner';

/** The page scrolls to the top on every route change, unless the link names a section. */
function useScrollToTopOnRouteChange() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    // A link to a section (/faq#sizing) scrolls to that section instead.
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
}

export function SiteLayout({ children }: { children: ReactNode }) {
  useScrollToTopOnRouteChange();
  const { pathname } = useLocation();
  // The back office draws its own header and navigation; the sign-in dialog serves it too.
  if (isBackOfficePath(pathname)) {
    return (
      <>
        <NavigationProgress />
        {children}
        <SignInDialog />
      </>
    );
  }
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <TestPaymentsBanner />
      <PromoMarquee />
      <Header />
      <main id="main" className="relative min-h-[60vh]">
        {children}
        <PendingProductPage />
      </main>
      <Footer />
      <SignInDialog />
      <HeartCursor />
    </>
  );
}
