// The PIN code check: where a PIN is, whether the courier delivers there, for cash, and by when.
// zod/mini because the product page's delivery box and the checkout read it in the browser.
import * as z from 'zod/mini';
import { successEnvelope } from './common-mini.ts';

/** A path's PIN: any text, so a malformed one answers the same 404 as an unknown one. */
export const pinCodeParams = z.object({ pin: z.string() });

/** A date in India as YYYY-MM-DD. */
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const pincodeAnswer = z.object({
  pinCode: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  serviceable: z.boolean(),
  /** Whether the courier takes cash there; the shop shows it only when it offers cash itself. */
  cod: z.boolean(),
  /** Earliest and latest delivery for an order placed now; null where the courier does not go. */
  estimate: z.nullable(z.object({ from: isoDate, to: isoDate })),
});
export type PincodeAnswer = z.infer<typeof pincodeAnswer>;

export const pincodeResponse = successEnvelope(pincodeAnswer);

/** Six digits, the first not 0: what is worth asking the server about. */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;
