/**
 * Contact details as shoppers in India type them, and the one form the shop stores.
 * Every form and route that takes a phone, a pin code or an email goes through these rules.
 */

/**
 * Room for a phone typed with its country code and separators ('+91 98765 43210' is 15
 * characters): the most a phone input takes and a phone field accepts.
 */
export const PHONE_INPUT_MAX_LENGTH = 20;

/**
 * The most addresses a profile keeps. A plain rule here (not beside the zod schema) so the
 * checkout and profile screens can show it without loading zod for their first paint.
 */
export const MAX_ADDRESSES = 10;

/** An Indian mobile number: 10 digits, the first of them 6, 7, 8 or 9 ('1234567890' is not one). */
const MOBILE_NUMBER = /^[6-9]\d{9}$/;

/**
 * A phone typed the Indian way — '+91 98765 43210', '+91-98765-43210', '098765 43210',
 * '(98765) 43210', '9876543210' — as its 10 digits; undefined when it is not a mobile number
 * (10 digits starting 6-9). Separators (spaces, dashes, dots, brackets) are ignored; a leading
 * +91/91 country code or a leading 0 trunk prefix is dropped only when what remains is exactly
 * 10 digits.
 */
export function normalizeIndianPhone(input: string): string | undefined {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    if (!digits.startsWith('91')) return undefined;
    digits = digits.slice(2);
  } else if (digits.length === 12 && digits.startsWith('91')) {
    digits = digits.slice(2);
  } else if (digits.length === 11 && digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  return MOBILE_NUMBER.test(digits) ? digits : undefined;
}

/**
 * Pin codes are exactly 6 digits and never start with 0 (the first digit is the postal zone: 1-8,
 * and 9 for the Army Postal Service); spaces typed around them are ignored.
 */
export function isPinCode(input: string): boolean {
  return /^[1-9]\d{5}$/.test(input.trim());
}

/**
 * A bare address, as the HTML standard defines a valid e-mail address (the rule browsers apply to
 * `<input type="email">`), with a dot in the domain: letters, digits, dots and the signs
 * ! # $ % & ' * + / = ? ^ _ ` { | } ~ - before the @; dot-separated labels of letters, digits and
 * inner hyphens after it. A display name, angle brackets, quotes, comments, a list or a group
 * never pass, so the address a mail is sent to is exactly the one stored (a mailer reads
 * `twin<erin@example.com>` as erin's address).
 */
const EMAIL_ADDRESS =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** At most 64 characters before the @ and 254 in all (RFC 5321's limits). */
export function isEmailAddress(input: string): boolean {
  return input.length <= 254 && input.indexOf('@') <= 64 && EMAIL_ADDRESS.test(input);
}

/** Emails are stored trimmed and lower-cased, so one address is one account however it is typed. */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}
