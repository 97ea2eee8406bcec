import { describe, expect, it } from 'vitest';
import { phoneSearchDigits } from '../src/customers-desk.ts';

describe('customers desk rules', () => {
  it('reads a typed phone as the stored digits', () => {
    expect(phoneSearchDigits('+91 98765 43210')).toBe('9876543210');
    expect(phoneSearchDigits('+919876543210')).toBe('9876543210');
    expect(phoneSearchDigits('91 98765 43210')).toBe('9876543210');
    expect(phoneSearchDigits('098765 43210')).toBe('9876543210');
    expect(phoneSearchDigits('98765-43210')).toBe('9876543210');
    expect(phoneSearchDigits('98765')).toBe('98765');
    expect(phoneSearchDigits(' 4321 ')).toBe('4321');
  });

  it('does not read names, emails, short or foreign numbers as phones', () => {
    expect(phoneSearchDigits('priya')).toBeUndefined();
    expect(phoneSearchDigits('priya@example.in')).toBeUndefined();
    expect(phoneSearchDigits('987')).toBeUndefined();
    expect(phoneSearchDigits('+44 20 7946 0958')).toBeUndefined();
    expect(phoneSearchDigits('')).toBeUndefined();
  });
});
