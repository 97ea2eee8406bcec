// The envelope and shared fields for contracts written with zod/mini (those that ship to the browser).
import * as z from 'zod/mini';
import { normalizeIndianPhone, PHONE_INPUT_MAX_LENGTH } from '@shop/domain/contact-details';

/** Every API answer: `{ success, data, message }`. */
export function successEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string() });
}

/**
 * Whether text holds a control character: U+0000–U+001F or U+007F; `multiline` text may keep
 * its line breaks (\n, \r\n).
 */
function hasControlCharacter(value: string, lines: 'single' | 'multiline'): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    const lineBreak = code === 0x0a || code === 0x0d;
    if (code === 0x7f || (code < 0x20 && !(lines === 'multiline' && lineBreak))) return true;
  }
  return false;
}

/**
 * The one rule every text field and query string follows: no control characters (a NUL byte
 * cannot even be stored), answered with the field's own message. A check of zod's core, so the
 * classic schemas (`.check(plainText(...))`) use it as well as these zod/mini ones.
 */
export function plainText(message: string, lines: 'single' | 'multiline' = 'single') {
  return z.refine<string>((value) => !hasControlCharacter(value, lines), { error: message });
}

/**
 * Text that must not be blank once trimmed: a missing, non-text or blank value, or one holding a
 * control character, answers `message` (the form's own "is required" text); longer than
 * `maxLength` says so.
 */
export const requiredText = (
  message: string,
  maxLength = 200,
  lines: 'single' | 'multiline' = 'single',
) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message, abort: true }),
      plainText(message, lines),
      z.maxLength(maxLength, { error: `At most ${maxLength} characters.` }),
    );

/** Optional text, trimmed, '' when left out; a control character answers `message`. */
export const optionalText = (
  message: string,
  maxLength = 200,
  lines: 'single' | 'multiline' = 'single',
) =>
  z._default(
    z
      .string({ error: message })
      .check(
        z.trim(),
        plainText(message, lines),
        z.maxLength(maxLength, { error: `At most ${maxLength} characters.` }),
      ),
    '',
  );

/**
 * A phone as shoppers in India type it ('+91 98765 43210', '098765 43210', '98765-43210'), read by
 * the domain's one phone rule and passed on as its 10 digits; anything else answers `message`.
 * Blank text stays '' when `blank` is 'allowed'. Every phone field of every form and route uses it.
 */
export function indianPhone(message: string, blank: 'allowed' | 'refused' = 'refused') {
  return z.pipe(
    z.string({ error: message }).check(plainText(message)),
    z.transform((value, context) => {
      if (blank === 'allowed' && value.trim() === '') return '';
      const digits = normalizeIndianPhone(value);
      if (digits === undefined) {
        context.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return digits;
    }),
  );
}

/** A required phone with its own 'is required' message for blank text (checkout, contact). */
export const requiredIndianPhone = (required: string, invalid: string) =>
  z.pipe(
    z
      .string({ error: required })
      .check(
        z.trim(),
        z.minLength(1, { error: required, abort: true }),
        z.maxLength(PHONE_INPUT_MAX_LENGTH, { error: invalid, abort: true }),
      ),
    indianPhone(invalid),
  );

/** Rupees with at most two decimals, from 0 to `max`, as an owner types them. */
export const rupeeAmount = (message: string, max = 10_000_000) =>
  z.coerce.number({ error: message }).check(
    z.minimum(0, { error: message }),
    z.maximum(max, { error: message }),
    z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: message,
    }),
  );
