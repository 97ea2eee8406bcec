import { describe, expect, it } from 'vitest';
import {
  acknowledgeGrievance,
  grievanceClocks,
  grievanceMessages,
  grievanceTicketNumber,
  normalizeTicketNumber,
  oneMonthAfter,
  resolveGrievance,
} from '../src/grievances.ts';

const at = (iso: string) => new Date(iso);
const received = at('2026-03-10T09:00:00Z');

describe('grievance clocks', () => {
  it('acknowledgement is due 48 hours after receipt, resolution one calendar month after', () => {
    const clocks = grievanceClocks(
      { createdAt: received, acknowledgedAt: null, resolvedAt: null },
      at('2026-03-12T08:59:59Z'),
    );
    expect(clocks.acknowledge).toEqual({
      dueAt: at('2026-03-12T09:00:00Z'),
      doneAt: null,
      state: 'due',
    });
    expect(clocks.resolve).toEqual({
      dueAt: at('2026-04-10T09:00:00Z'),
      doneAt: null,
      state: 'due',
    });
  });

  it('turns overdue the moment the time is up, and stays so until done', () => {
    const open = { createdAt: received, acknowledgedAt: null, resolvedAt: null };
    expect(grievanceClocks(open, at('2026-03-12T09:00:00Z')).acknowledge.state).toBe('overdue');
    expect(grievanceClocks(open, at('2026-04-10T08:59:59Z')).resolve.state).toBe('due');
    expect(grievanceClocks(open, at('2026-04-10T09:00:00Z')).resolve.state).toBe('overdue');
  });

  it('a clock done in time is met, done after its time is late, whatever the time now', () => {
    const later = at('2026-06-01T00:00:00Z');
    const inTime = grievanceClocks(
      {
        createdAt: received,
        acknowledgedAt: at('2026-03-11T10:00:00Z'),
        resolvedAt: at('2026-04-10T09:00:00Z'),
      },
      later,
    );
    expect(inTime.acknowledge.state).toBe('met');
    expect(inTime.resolve.state).toBe('met');
    const tardy = grievanceClocks(
      {
        createdAt: received,
        acknowledgedAt: at('2026-03-12T09:00:01Z'),
        resolvedAt: at('2026-04-10T09:00:01Z'),
      },
      later,
    );
    expect(tardy.acknowledge.state).toBe('late');
    expect(tardy.resolve.state).toBe('late');
  });

  it('a ticket resolved without an acknowledgement was answered when it was resolved', () => {
    const clocks = grievanceClocks(
      { createdAt: received, acknowledgedAt: null, resolvedAt: at('2026-03-11T00:00:00Z') },
      at('2026-05-01T00:00:00Z'),
    );
    expect(clocks.acknowledge).toMatchObject({ state: 'met', doneAt: at('2026-03-11T00:00:00Z') });
  });

  it('one month after the 31st is the last day of a shorter month', () => {
    expect(oneMonthAfter(at('2026-01-31T12:00:00Z'))).toEqual(at('2026-02-28T12:00:00Z'));
    expect(oneMonthAfter(at('2028-01-31T12:00:00Z'))).toEqual(at('2028-02-29T12:00:00Z'));
    expect(oneMonthAfter(at('2026-12-15T00:00:00Z'))).toEqual(at('2027-01-15T00:00:00Z'));
  });
});

describe('grievance status moves', () => {
  it('acknowledges an open ticket only', () => {
    expect(acknowledgeGrievance('open')).toBe('acknowledged');
    expect(() => acknowledgeGrievance('acknowledged')).toThrow(
      grievanceMessages.alreadyAcknowledged,
    );
    expect(() => acknowledgeGrievance('resolved')).toThrow(grievanceMessages.alreadyResolved);
  });

  it('resolves an open or acknowledged ticket, never twice', () => {
    expect(resolveGrievance('open')).toBe('resolved');
    expect(resolveGrievance('acknowledged')).toBe('resolved');
    expect(() => resolveGrievance('resolved')).toThrow(grievanceMessages.alreadyResolved);
  });
});

describe('ticket numbers', () => {
  it('reads GRV-year-six digits, and is read back however it is typed', () => {
    expect(grievanceTicketNumber(2026, 123)).toBe('GRV-2026-000123');
    expect(grievanceTicketNumber(2026, 1234567)).toBe('GRV-2026-1234567');
    expect(normalizeTicketNumber(' grv-2026-000123 ')).toBe('GRV-2026-000123');
    expect(normalizeTicketNumber('GRV-26-000123')).toBeUndefined();
    expect(normalizeTicketNumber('LB-2026-000123')).toBeUndefined();
  });
});
