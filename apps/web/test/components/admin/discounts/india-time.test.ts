import { describe, expect, it } from 'vitest';
import {
  fromIndiaInput,
  toIndiaInput,
} from '../../../../app/components/admin/discounts/india-time';

describe('india time inputs', () => {
  it('reads and writes the inputs in India time, whatever the browser zone', () => {
    expect(fromIndiaInput('2026-10-20T00:00')).toBe('2026-10-19T18:30:00.000Z');
    expect(toIndiaInput('2026-10-19T18:30:00.000Z')).toBe('2026-10-20T00:00');
    expect(toIndiaInput(fromIndiaInput('2027-01-01T23:45'))).toBe('2027-01-01T23:45');
    expect(fromIndiaInput('')).toBeNull();
    expect(toIndiaInput(null)).toBe('');
  });
});
