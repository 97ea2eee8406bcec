import { createHash, createHmac, randomBytes } from 'node:crypto';

/** Bytes of randomness each ticket keeps for its status link (128 bits). */
export const STATUS_SALT_BYTES = 16;

/** A new ticket's salt. */
export const newStatusSalt = (): Buffer => randomBytes(STATUS_SALT_BYTES);

/**
 * The token of a ticket's status link: HMAC-SHA256, under the key derived for status links, of
 * the ticket's id (a fixed-length uuid, so the two parts cannot run into each other) and its
 * random salt; 256 bits, base64url. Nothing stores it: every mail writes it again from the
 * ticket when it is delivered, and the database keeps only its hash.
 */
export function statusToken(key: Buffer, grievanceId: string, salt: Buffer): string {
  return createHmac('sha256', key).update(grievanceId).update(salt).digest('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function statusTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The page a mail links to: the ticket filled in, and the token that shows its text. */
export function statusLinkUrl(publicUrl: string, ticket: string, token: string): string {
  return `${publicUrl}/grievance/status?ticket=${encodeURIComponent(ticket)}&token=${encodeURIComponent(token)}`;
}
