import {
  refusal,
  type BackoffRule,
  type Counted,
  type Throttle,
  type WindowRule,
} from '../throttle/throttle.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Every sign-in refusal ends within 15 minutes (the longest back-off and the windows), as it says.
const SIGN_IN_LOCKED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
const RESET_FLOOD = 'Too many password reset requests. Please wait an hour and try again.';

/** Password guesses of one account from one address: 10 in a row, then 1, 2, 4, 8, 15 minutes apart. */
const passwordBackoff = {
  kind: 'backoff',
  free: 10,
  firstDelayMs: MINUTE,
  maxDelayMs: 15 * MINUTE,
  memoryMs: DAY,
} as const;

/** How much of each thing one account, one network address, or both together may do. */
export const throttleRules = {
  signInPerAccountAndAddress: {
    ...passwordBackoff,
    action: 'sign-in-account-address',
    message: SIGN_IN_LOCKED,
  },
  /**
   * Guesses at one account from every address together. Addresses the account signed in from
   * before are not held back by it, so strangers failing elsewhere cannot lock the owner out.
   */
  signInPerAccount: {
    kind: 'window',
    action: 'sign-in-account',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: SIGN_IN_LOCKED,
  },
  signInPerAddress: {
    kind: 'window',
    action: 'sign-in-ip',
    limit: 30,
    windowMs: 15 * MINUTE,
    message: SIGN_IN_LOCKED,
  },
  changePasswordPerAccountAndAddress: {
    ...passwordBackoff,
    action: 'change-password-account-address',
    message: 'Too many incorrect current passwords. Please wait 15 minutes and try again.',
  },
  /** Every sign-up counts, refused ones too: a sign-up also tells whether an email has an account. */
  signupsPerAddress: {
    kind: 'window',
    action: 'signup-ip',
    limit: 50,
    windowMs: HOUR,
    message: 'Too many accounts have been created from your network. Please try again later.',
  },
  resetRequestsPerEmail: {
    kind: 'window',
    action: 'password-reset-email',
    limit: 5,
    windowMs: HOUR,
    message: RESET_FLOOD,
  },
  resetRequestsPerAddress: {
    kind: 'window',
    action: 'password-reset-ip',
    limit: 20,
    windowMs: HOUR,
    message: RESET_FLOOD,
  },
  /** Links followed (`POST /reset-password`), made-up tokens included. */
  resetAttemptsPerAddress: {
    kind: 'window',
    action: 'password-reset-attempt-ip',
    limit: 20,
    windowMs: HOUR,
    message: RESET_FLOOD,
  },
  verificationMailsPerUser: {
    kind: 'window',
    action: 'verification-mail-user',
    limit: 5,
    windowMs: HOUR,
    message: 'Too many verification emails requested. Please wait an hour and try again.',
  },
  /**
   * Links asked for to add an address to an account made with a phone number (each also tells
   * whether an address has an account, so each counts against the network's sign-ups as well).
   */
  emailAdditionsPerUser: {
    kind: 'window',
    action: 'email-addition-user',
    limit: 5,
    windowMs: HOUR,
    message: 'Too many email addresses were tried. Please wait an hour and try again.',
  },
} as const satisfies Record<string, WindowRule | BackoffRule>;

/** An address an account signed in from is known to it for this long after the last time. */
const KNOWN_ADDRESS = { action: 'sign-in-known-address', ttlMs: 30 * DAY } as const;

/** A password check reserved before the costly hash is verified. */
export interface PasswordAttempt {
  /** The password was right: the attempt is given back and the run of failures ends. */
  succeeded(): Promise<void>;
}

const pairOf = (account: string, address: string) => `${account} ${address}`;

/**
 * Reserves a sign-in attempt before the password is checked, as a failure until it succeeds:
 * per account and address (a back-off), per address, and per account from addresses it does not
 * know. Throws the sign-in 429 when any of them is used up.
 */
export async function beginSignIn(
  throttle: Throttle,
  email: string,
  address: string,
): Promise<PasswordAttempt> {
  const pair = pairOf(email, address);
  const counted: Counted[] = [];
  counted.push(await throttle.take(throttleRules.signInPerAccountAndAddress, pair));
  counted.push(await throttle.take(throttleRules.signInPerAddress, address));
  const forAccount = await throttle.count(throttleRules.signInPerAccount, email);
  counted.push(forAccount);
  if (!forAccount.allowed && !(await throttle.remembers(KNOWN_ADDRESS.action, pair))) {
    throw refusal(forAccount);
  }
  return {
    async succeeded() {
      await Promise.all([
        ...counted.map((each) => throttle.giveBack(each)),
        throttle.remember(KNOWN_ADDRESS.action, pair, KNOWN_ADDRESS.ttlMs),
      ]);
    },
  };
}

/** Reserves a check of a signed-in shopper's current password, per account and address. */
export async function beginPasswordCheck(
  throttle: Throttle,
  userId: string,
  address: string,
): Promise<PasswordAttempt> {
  const counted = await throttle.take(
    throttleRules.changePasswordPerAccountAndAddress,
    pairOf(userId, address),
  );
  return { succeeded: () => throttle.giveBack(counted) };
}
