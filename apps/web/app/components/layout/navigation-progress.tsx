import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** The full bar stays this long once the next page is in, then fades. */
export const PROGRESS_FINISH_MS = 300;
/** A product page that has not arrived after this long says it is on its way. */
export const PRODUCT_WAIT_MS = 400;

type Phase = 'idle' | 'loading' | 'finishing';

/**
 * A slim bar across the top of the screen on every client navigation: it creeps towards the end
 * while the next page loads, fills and fades when it arrives. Nothing shows on a first visit
 * (the browser shows its own progress then).
 */
export function NavigationProgress() {
  const loading = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');
  const [wasLoading, setWasLoading] = useState(false);
  // Follows the navigation during render, so the bar appears in the same frame as the click.
  if (loading !== wasLoading) {
    setWasLoading(loading);
    setPhase(loading ? 'loading' : 'finishing');
  }

  useEffect(() => {
    if (phase !== 'finishing') return;
    const timer = window.setTimeout(() => setPhase('idle'), PROGRESS_FINISH_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  if (phase === 'idle') return null;
  // Mid pink with a pale glow: it shows on the maroon offers strip as on the white header.
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-busy={phase === 'loading'}
      data-testid="navigation-progress"
      data-phase={phase}
      className="pointer-events-none fixed inset-x-0 top-0 z-[80] h-[3px]"
    >
      <div
        className={`h-full origin-left bg-brand-400 shadow-[0_0_5px_rgb(255_255_255/0.9)] ${
          phase === 'loading'
            ? 'animate-[navigation-crawl_10s_cubic-bezier(0.1,0.7,0.3,1)_forwards]'
            : 'opacity-0 transition-opacity duration-300'
        }`}
      />
    </div>
  );
}

/**
 * The product page's loading state ('Loading product details...') over the page being left, when
 * the product the shopper tapped keeps her waiting; the page under it stays as it was.
 */
export function PendingProductPage() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const next = navigation.state === 'loading' ? navigation.location : undefined;
  const toProduct =
    next !== undefined && next.pathname.startsWith('/product/') && next.pathname !== pathname;
  const key = toProduct ? next.key : null;
  const [waitedFor, setWaitedFor] = useState<string | null>(null);

  useEffect(() => {
    if (key === null) return;
    const timer = window.setTimeout(() => setWaitedFor(key), PRODUCT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [key]);

  if (key === null || waitedFor !== key) return null;
  return (
    <div className="absolute inset-0 z-30 bg-cream/85" data-testid="pending-product">
      <div
        role="status"
        className="sticky top-[35vh] mx-auto mt-24 flex w-fit items-center gap-3 rounded-full bg-white px-5 py-3 text-ink shadow-lg ring-1 ring-line"
      >
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
        />
        Loading product details...
      </div>
    </div>
  );
}
