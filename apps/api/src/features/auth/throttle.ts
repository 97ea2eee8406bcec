import { throttled } from '@shop/domain/errors';
import type { AuthRepository } from './auth.repository.ts';

export interface ThrottleRule {
  /** What is counted, e.g. 'login-failure-email'. */
  action: string;
  limit: number;
  windowMs: number;
  message: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SIGN_IN_LOCKED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/** How much of each thing one email address or one network address may do. */
export const throttleRules = {
  loginFailuresPerEmail: {
    action: 'login-failure-email',
    limit: 10,
    windowMs: 15 * MINUTE,
    message: SIGN_IN_LOCKED,
  },
  loginFailuresPerAddress: {
    action: 'login-failure-ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: SIGN_IN_LOCKED,
  },
  signupsPerAddress: {
    action: 'signup-ip',
    limit: 50,
    windowMs: HOUR,
    message: 'Too many accounts have been created from your network. Please try again later.',
  },
  resetRequestsPerEmail: {
    action: 'password-reset-email',
    limit: 5,
    windowMs: HOUR,
    message: 'Too many password reset requests. Please wait an hour and try again.',
  },
  resetRequestsPerAddress: {
    action: 'password-reset-ip',
    limit: 20,
    windowMs: HOUR,
    message: 'Too many password reset requests. Please wait an hour and try again.',
  },
  verificationMailsPerUser: {
    action: 'verification-mail-user',
    limit: 5,
    windowMs: HOUR,
    message: 'Too many verification emails requested. Please wait an hour and try again.',
  },
} satisfies Record<string, ThrottleRule>;

/** The longest window any rule looks back over; older events can go. */
const LONGEST_WINDOW_MS = HOUR;

/**
 * Sliding-window counters kept in the database, so limits survive restarts and hold across every
 * server process sharing it. A burst of concurrent requests may overshoot a limit by a few: this
 * slows guessing down, it is not an exact quota.
 */
export function createThrottle(repository: AuthRepository) {
  let recordsSincePrune = 0;
  return {
    /** Throws a 429 error when `subject` has used up `rule` in its window. */
    async check(rule: ThrottleRule, subject: string) {
      const since = new Date(Date.now() - rule.windowMs);
      const used = await repository.countThrottleEvents(rule.action, subject, since);
      if (used >= rule.limit) throw throttled(rule.message, Math.ceil(rule.windowMs / 1000));
    },
    async record(rule: ThrottleRule, subject: string) {
      await repository.recordThrottleEvent(rule.action, subject);
      recordsSincePrune += 1;
      if (recordsSincePrune >= 200) {
        recordsSincePrune = 0;
        await repository.pruneExpired(new Date(Date.now() - 2 * LONGEST_WINDOW_MS));
      }
    },
    async clear(rule: ThrottleRule, subject: string) {
      await repository.clearThrottleEvents(rule.action, subject);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
