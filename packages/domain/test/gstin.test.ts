import { describe, expect, it } from 'vitest';
import {
  gstinCheckCharacter,
  gstinMessages,
  gstinProblem,
  gstinStateProblem,
  indianStates,
  normalizeGstin,
  stateCodeOf,
} from '../src/gstin.ts';

// GSTINs published as worked examples of the format, with the check characters they carry.
const REAL = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4'];

describe('gstin', () => {
  it('computes the check character of real GSTINs', () => {
    for (const gstin of REAL) {
      expect(gstinCheckCharacter(gstin.slice(0, 14)), gstin).toBe(gstin[14]);
      expect(gstinProblem(gstin), gstin).toBeUndefined();
    }
  });

  it('refuses one wrong character anywhere, the check digit included', () => {
    const gstin = '27AAPFU0939F1ZV';
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(gstinMessages.checksum);
    // A mistyped letter of the PAN keeps the shape but not the check.
    expect(gstinProblem('27AAPFV0939F1ZV')).toBe(gstinMessages.checksum);
    // Two digits swapped (a common slip) is caught too.
    expect(gstinProblem('27AAPFU9039F1ZV')).toBe(gstinMessages.checksum);
    expect(gstinProblem(gstin)).toBeUndefined();
  });

  it('explains a GSTIN of the wrong length, shape or state code', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe(gstinMessages.length);
    expect(gstinProblem('27AAPFU0939F1ZVX')).toBe(gstinMessages.length);
    expect(gstinProblem('2XAAPFU0939F1ZV')).toBe(gstinMessages.pattern);
    expect(gstinProblem('27AAPF10939F1ZV')).toBe(gstinMessages.pattern);
    // The 14th character is always Z; the 13th is never 0.
    expect(gstinProblem('27AAPFU0939F1YV')).toBe(gstinMessages.pattern);
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe(gstinMessages.pattern);
    const noSuchState = `40AAPFU0939F1Z${gstinCheckCharacter('40AAPFU0939F1Z')}`;
    expect(gstinProblem(noSuchState)).toBe(gstinMessages.stateCode);
    expect(gstinProblem(normalizeGstin(' 27aapfu0939f1zv '))).toBeUndefined();
  });

  it('ties a GSTIN to the state it was registered in', () => {
    expect(gstinStateProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeUndefined();
    expect(gstinStateProblem('27AAPFU0939F1ZV', 'Karnataka')).toBe(
      'This GSTIN is registered in Maharashtra (code 27), not Karnataka (code 29)',
    );
    expect(stateCodeOf('Ladakh')).toBe('38');
    expect(new Set(indianStates.map((state) => state.code)).size).toBe(indianStates.length);
  });
});
