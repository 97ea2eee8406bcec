import { hkdfSync } from 'node:crypto';

/**
 * What each derived key is for. One root secret (JWT_SECRET) signs nothing but access tokens;
 * every other HMAC gets its own key derived from it with HKDF under one of these labels, so a
 * value signed for one purpose can never be replayed for another, and the root secret itself is
 * never handed to a second use.
 */
export const KEY_PURPOSES = [
  'access-token',
  'cash-on-delivery-code',
  'grievance-status-link',
  'mail-secret',
  'phone-sign-in-code',
  'review-mail-unsubscribe',
] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

/** A 32-byte key for one purpose: HKDF-SHA256 of the root secret, labelled with the purpose. */
export function deriveKey(rootSecret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', rootSecret, 'lacebloom', `lacebloom/${purpose}`, 32));
}
