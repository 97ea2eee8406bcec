// The envelope for contracts written with zod/mini (those that ship to the browser).
import * as z from 'zod/mini';

/** Every API answer: `{ success, data, message }`. */
export function successEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string() });
}
