import { describe, expect, it } from 'vitest';
import {
  changedFields,
  recordName,
  valueText,
} from '../../../../app/components/admin/audit/audit-diff';

describe('an audit entry as a diff', () => {
  it('lists only the fields that changed', () => {
    const before = { email: 'asha@example.in', role: 'customer' };
    const after = { email: 'asha@example.in', role: 'staff' };
    expect(changedFields(before, after)).toEqual([
      { field: 'role', before: 'customer', after: 'staff' },
    ]);
  });

  it('shows a new record’s fields as added and a removed field as gone', () => {
    expect(changedFields(null, { noteId: 'n1', text: 'Leave with the guard' })).toEqual([
      { field: 'note id', after: 'n1' },
      { field: 'text', after: 'Leave with the guard' },
    ]);
    expect(changedFields({ state: 'booked', reason: 'x' }, { state: 'booked' })).toEqual([
      { field: 'reason', before: 'x' },
    ]);
  });

  it('compares nested values by content and writes them as JSON', () => {
    const same = { address: { city: 'Pune', pin: '411001' } };
    expect(changedFields(same, { address: { city: 'Pune', pin: '411001' } })).toEqual([]);
    expect(changedFields(same, { address: { city: 'Pune', pin: '411002' } })).toEqual([
      {
        field: 'address',
        before: '{"city":"Pune","pin":"411001"}',
        after: '{"city":"Pune","pin":"411002"}',
      },
    ]);
    expect(valueText(null)).toBe('none');
    expect(valueText(12.5)).toBe('12.5');
    expect(
      changedFields({ payment_status: 'paid' }, { payment_status: 'refunded' })[0]!.field,
    ).toBe('payment status');
  });

  it('names the record by its email or order number when the entry stored one', () => {
    expect(recordName({ email: 'a@b.in', role: 'staff' }, null)).toBe('a@b.in');
    expect(recordName(null, { orderNumber: 'LB1', status: 'paid' })).toBe('LB1');
    expect(recordName(null, { text: 'hello' })).toBeNull();
  });
});
