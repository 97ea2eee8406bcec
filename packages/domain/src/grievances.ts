/**
 * Shoppers' grievances, as India's Consumer Protection (E-Commerce) Rules, 2020 ask a shop to
 * handle them: every complaint gets a ticket number at once, is acknowledged within 48 hours and
 * redressed within one month of receipt. A ticket is open until the shop acknowledges it, then
 * acknowledged until it is resolved; replies and internal notes do not move it.
 */
import { conflict } from './errors.ts';

/** What a grievance is about, in the order the form lists them. */
export const grievanceCategories = [
  'order',
  'delivery',
  'return-refund',
  'payment',
  'product',
  'account-privacy',
  'other',
] as const;
export type GrievanceCategory = (typeof grievanceCategories)[number];

export const grievanceCategoryLabels: Record<GrievanceCategory, string> = {
  order: 'An order',
  delivery: 'Delivery',
  'return-refund': 'Exchange, return or refund',
  payment: 'Payment',
  product: 'A product or its quality',
  'account-privacy': 'My account or my data',
  other: 'Something else',
};

export const grievanceStatuses = ['open', 'acknowledged', 'resolved'] as const;
export type GrievanceStatus = (typeof grievanceStatuses)[number];

export const grievanceStatusLabels: Record<GrievanceStatus, string> = {
  open: 'Received',
  acknowledged: 'Being looked into',
  resolved: 'Resolved',
};

/** The rules' acknowledgement window: 48 hours from receipt. */
export const ACKNOWLEDGE_WITHIN_MS = 48 * 60 * 60 * 1000;

export const grievanceMessages = {
  notFound: 'No grievance with this ticket number and email',
  statusLinkNotValid:
    'This status link is not valid. Open the link in our latest mail, or look the ticket up with its number and email.',
  alreadyAcknowledged: 'This grievance has already been acknowledged',
  alreadyResolved: 'This grievance is already resolved',
} as const;

/** `created` plus one calendar month; the 31st of January is due on the last day of February. */
export function oneMonthAfter(created: Date): Date {
  const due = new Date(created.getTime());
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, lastDay));
  return due;
}

/**
 * Where one clock stands: `met` (done by its time), `late` (done after it), `due` (not done, time
 * left) or `overdue` (not done, time passed).
 */
export type ClockState = 'met' | 'late' | 'due' | 'overdue';

export interface GrievanceClock {
  dueAt: Date;
  doneAt: Date | null;
  state: ClockState;
}

export interface GrievanceClocks {
  acknowledge: GrievanceClock;
  resolve: GrievanceClock;
}

function clock(dueAt: Date, doneAt: Date | null, now: Date): GrievanceClock {
  const state: ClockState = doneAt
    ? doneAt.getTime() <= dueAt.getTime()
      ? 'met'
      : 'late'
    : now.getTime() < dueAt.getTime()
      ? 'due'
      : 'overdue';
  return { dueAt, doneAt, state };
}

/**
 * A ticket's two clocks from the time it was received. Resolving a ticket never acknowledged
 * also answers the acknowledgement (the shopper heard back), at the time it was resolved.
 */
export function grievanceClocks(
  ticket: { createdAt: Date; acknowledgedAt: Date | null; resolvedAt: Date | null },
  now: Date,
): GrievanceClocks {
  const acknowledgedAt = ticket.acknowledgedAt ?? ticket.resolvedAt;
  return {
    acknowledge: clock(
      new Date(ticket.createdAt.getTime() + ACKNOWLEDGE_WITHIN_MS),
      acknowledgedAt,
      now,
    ),
    resolve: clock(oneMonthAfter(ticket.createdAt), ticket.resolvedAt, now),
  };
}

/** The shop acknowledges an open ticket; anything else is a conflict. */
export function acknowledgeGrievance(status: GrievanceStatus): GrievanceStatus {
  if (status === 'resolved') throw conflict(grievanceMessages.alreadyResolved);
  if (status === 'acknowledged') throw conflict(grievanceMessages.alreadyAcknowledged);
  return 'acknowledged';
}

/** The shop resolves a ticket that is not resolved yet (an open one is acknowledged with it). */
export function resolveGrievance(status: GrievanceStatus): GrievanceStatus {
  if (status === 'resolved') throw conflict(grievanceMessages.alreadyResolved);
  return 'resolved';
}

/** A reply or a note on a resolved ticket is refused: the case is closed. */
export function canAddMessage(status: GrievanceStatus): void {
  if (status === 'resolved') throw conflict(grievanceMessages.alreadyResolved);
}

/**
 * A ticket number shoppers can read out on the phone: `GRV-2026-000123`, the year it was
 * received in India and a six-digit (or longer) number from a database sequence, so it is unique
 * however many processes take grievances at once. Numbers need not be consecutive.
 */
export function grievanceTicketNumber(year: number, sequence: number): string {
  return `GRV-${year}-${String(sequence).padStart(6, '0')}`;
}

/** A ticket number as typed: spaces around it ignored, any case. Undefined when it is not one. */
export function normalizeTicketNumber(input: string): string | undefined {
  const ticket = input.trim().toUpperCase();
  return /^GRV-\d{4}-\d{6,12}$/.test(ticket) ? ticket : undefined;
}
