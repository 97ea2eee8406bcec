import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../src/security/derived-keys.ts';

describe('deriveKey', () => {
  const secret = 'a-root-secret-long-enough-for-the-shop-0123456789';

  it('gives each purpose its own 32-byte key, never the root secret', () => {
    const cod = deriveKey(secret, 'cash-on-delivery-code');
    const grievance = deriveKey(secret, 'grievance-status-link');
    expect(cod).toHaveLength(32);
    expect(cod.equals(grievance)).toBe(false);
    expect(cod.toString('utf8')).not.toContain(secret);
  });

  it('derives the same key again from the same secret and purpose, another from another secret', () => {
    expect(deriveKey(secret, 'mail-secret').equals(deriveKey(secret, 'mail-secret'))).toBe(true);
    expect(deriveKey(`${secret}x`, 'mail-secret').equals(deriveKey(secret, 'mail-secret'))).toBe(
      false,
    );
  });
});
