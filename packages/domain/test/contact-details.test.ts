import { describe, expect, it } from 'vitest';
import {
  PHONE_INPUT_MAX_LENGTH,
  isEmailAddress,
  isPinCode,
  normalizeEmail,
  normalizeIndianPhone,
} from '../src/contact-details.ts';

describe('normalizeIndianPhone', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['(98765) 43210', '9876543210'],
    [' 98765-43210 ', '9876543210'],
    ['98765.43210', '9876543210'],
    ['6000000000', '6000000000'],
    ['+91 70000 00000', '7000000000'],
    ['08123456789', '8123456789'],
  ])('reads %s as %s', (typed, stored) => {
    expect(normalizeIndianPhone(typed)).toBe(stored);
  });

  it.each([
    '',
    '12345',
    '98765432',
    '98765432101',
    '+1 415 555 0100',
    'phone',
    '98765abcde',
    '+44 98765 43210',
    '0098765 43210',
    '1234567890',
    '5876543210',
    '+91 12345 67890',
    '01234567890',
    '910123456789',
  ])('refuses %s', (typed) => {
    expect(normalizeIndianPhone(typed)).toBeUndefined();
  });

  it('leaves phone inputs room for a number typed with +91 or 0 and separators', () => {
    for (const typed of [
      '+91 98765 43210',
      '+91-98765-43210',
      '098765 43210',
      '+91 (98765) 43210',
    ]) {
      expect(typed.length).toBeLessThanOrEqual(PHONE_INPUT_MAX_LENGTH);
    }
  });
});

describe('pin codes and emails', () => {
  it('takes exactly six digits as a pin code', () => {
    expect(isPinCode('560001')).toBe(true);
    expect(isPinCode(' 560001 ')).toBe(true);
    expect(isPinCode('56001')).toBe(false);
    expect(isPinCode('5600011')).toBe(false);
    expect(isPinCode('56O001')).toBe(false);
  });

  it('refuses a pin code starting with 0', () => {
    expect(isPinCode('000000')).toBe(false);
    expect(isPinCode('012345')).toBe(false);
    expect(isPinCode('110001')).toBe(true);
    expect(isPinCode('999999')).toBe(true);
  });

  it('accepts addresses that look like emails and stores them lower-cased', () => {
    expect(isEmailAddress('asha@example.in')).toBe(true);
    expect(isEmailAddress('asha@example')).toBe(false);
    expect(isEmailAddress('asha example.in')).toBe(false);
    expect(isEmailAddress('ashaexample.in')).toBe(false);
    expect(normalizeEmail('  Asha.Rao@Example.IN ')).toBe('asha.rao@example.in');
  });

  it.each([
    'asha.rao@example.in',
    'asha+orders@example.in',
    'asha.rao+wishlist.2024@mail.example.co.in',
    "o'brien@example.ie",
    'a_b-c@sub-domain.example.com',
    'user@xn--80ak6aa92e.xn--h2brj9c',
    '1234567890@example.in',
  ])('takes the ordinary address %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    'twin<erin@example.com>',
    'Erin <erin@example.com>',
    '<erin@example.com>',
    '"erin"@example.com',
    '"twin"<erin@example.com>',
    'erin@example.com, twin@example.com',
    'erin@example.com;twin@example.com',
    'team: erin@example.com;',
    'erin@example.com (Erin)',
    'erin(comment)@example.com',
    'erin@[192.168.1.1]',
    'erin\\@example.com',
    'erin @example.com',
    'erin@example.com\n',
    'erin@@example.com',
    'erin@-example.com',
    'erin@example-.com',
    'erin@example..com',
    `${'a'.repeat(65)}@example.com`,
    `asha@${'a'.repeat(250)}.in`,
  ])('refuses %j, which is not a bare address', (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });
});
