import type { WindowRule } from './throttle.ts';

const MINUTE = 60_000;
const TOO_MANY = 'Too many lookups. Please wait a minute and try again.';

/**
 * Public reads anyone may make without signing in, each costing a query or a courier call that no
 * cache answers: counted per client network (see client-network), so one network flooding them
 * is refused while every other is served. Both default to 60 a minute.
 */
export function publicLimits(limits: {
  pincodesPerMinute: number;
  trackingPerMinute: number;
  guestCartPerMinute: number;
  sizeFinderPerMinute: number;
}) {
  return {
    /** `GET /pincode/{pin}`: an uncached PIN costs one courier call. */
    pincodeLookups: {
      kind: 'window',
      action: 'pincode-lookup-ip',
      limit: limits.pincodesPerMinute,
      windowMs: MINUTE,
      message: TOO_MANY,
    },
    /** `GET /shipping/track/{awb}`: a query per made-up AWB. */
    trackingLookups: {
      kind: 'window',
      action: 'tracking-lookup-ip',
      limit: limits.trackingPerMinute,
      windowMs: MINUTE,
      message: TOO_MANY,
    },
    /**
     * Every `/cart/guest/{sessionId}...` request: a query per made-up session id. Ten a second
     * over a minute is far beyond a shopper's taps, so only a flood meets it.
     */
    guestCartRequests: {
      kind: 'window',
      action: 'guest-cart-ip',
      limit: limits.guestCartPerMinute,
      windowMs: MINUTE,
      message: 'Too many cart requests. Please wait a minute and try again.',
    },
    /**
     * `POST /fit/bra-size`: public and answered from memory, but each a little work; two a second
     * over a minute is far beyond a shopper's taps (the storefront runs the finder in the page).
     */
    sizeFinderRequests: {
      kind: 'window',
      action: 'size-finder-ip',
      limit: limits.sizeFinderPerMinute,
      windowMs: MINUTE,
      message: 'Too many size lookups. Please wait a minute and try again.',
    },
  } as const satisfies Record<string, WindowRule>;
}
