import type { WindowRule } from './throttle.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TOO_MANY = 'Too many attempts. Please try again later.';

/**
 * How often one signed-in account may try the money path's costly or guessable calls. They are
 * counted in the database (see createThrottle), so they hold across every server process. Orders
 * and verifications default to 30 (an hour, a minute); an operator may change those two (load
 * tests do).
 */
export function shopperLimits(limits: { ordersPerHour: number; verificationsPerMinute: number }) {
  return {
    /** Codes are guessable: 10 tries a minute is plenty for a shopper with a code in hand. */
    discountAttempts: {
      kind: 'window',
      action: 'discount-account',
      limit: 10,
      windowMs: MINUTE,
      message: TOO_MANY,
    },
    /** Each placement reserves stock for the payment window. */
    orderPlacements: {
      kind: 'window',
      action: 'order-account',
      limit: limits.ordersPerHour,
      windowMs: HOUR,
      message: TOO_MANY,
    },
    /** Each verification checks a signature and may call the provider. */
    paymentVerifications: {
      kind: 'window',
      action: 'payment-verify-account',
      limit: limits.verificationsPerMinute,
      windowMs: MINUTE,
      message: TOO_MANY,
    },
    /**
     * Each review photo is decoded and stored: 20 an hour is a few reviews' worth (3 photos
     * each, some taken again) and keeps one account from filling the disk.
     */
    reviewPhotoUploads: {
      kind: 'window',
      action: 'review-photo-account',
      limit: 20,
      windowMs: HOUR,
      message: TOO_MANY,
    },
    /** Writing or resending a review, and voting "helpful": a person does a few an hour. */
    reviewWrites: {
      kind: 'window',
      action: 'review-write-account',
      limit: 30,
      windowMs: HOUR,
      message: TOO_MANY,
    },
  } as const satisfies Record<string, WindowRule>;
}

export type ShopperLimits = ReturnType<typeof shopperLimits>;
