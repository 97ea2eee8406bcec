import { createHmac, randomBytes } from 'node:crypto';
import { newCodCode } from '@shop/domain/cash-on-delivery';

/**
 * A cash-on-delivery order's confirmation code is derived, never stored: HMAC-SHA256 under the
 * 'cash-on-delivery-code' key (derived from the root secret) of the order number and a random
 * salt of the order, reduced to the code's six digits. The mail queued for it carries the salt,
 * and the mail is written with the code only when it is delivered, so neither the outbox nor the
 * order ever holds the code; the order keeps its keyed hash to check what the shopper types.
 */

/** A new salt for one order's code: 16 random bytes. */
export function newCodCodeSalt(): string {
  return randomBytes(16).toString('base64url');
}

/** The code of an order from its number and salt (the same inputs give the same code). */
export function derivedCodCode(key: Buffer, orderNumber: string, salt: string): string {
  const digest = createHmac('sha256', key).update(`code:${orderNumber}:${salt}`).digest();
  // 64 bits reduced to a million values: the bias is below one in 10^13.
  const drawn = digest.readBigUInt64BE(0);
  return newCodCode((below) => Number(drawn % BigInt(below)));
}

/** The keyed hash an order keeps of its code, so the database alone cannot give codes away. */
export function codCodeHash(key: Buffer, orderNumber: string, code: string): string {
  return createHmac('sha256', key).update(`${orderNumber}:${code}`).digest('hex');
}
