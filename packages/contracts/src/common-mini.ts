// The envelope for contracts written with zod/mini (those that ship to the browser).
import * as z from 'zod/mini';

/** Every API answer: `{ success, data, message }`. */
export function successEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string() });
}

/**
 * Text that must not be blank once trimmed: a missing, non-text or blank value answers `message`
 * (the form's own "is required" text); longer than `maxLength` says so.
 */
export const requiredText = (message: string, maxLength = 200) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message, abort: true }),
      z.maxLength(maxLength, { error: `At most ${maxLength} characters.` }),
    );
