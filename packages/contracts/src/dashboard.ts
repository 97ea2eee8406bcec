// The morning dashboard: its query (dates in India, both ends included; the screen parses its URL
// with the same schema) and its answer, money in rupees. zod/mini because they ship to the browser.
import * as z from 'zod/mini';
import { MAX_DASHBOARD_DAYS } from '@shop/domain/dashboard';
import { isCalendarDate } from '@shop/domain/orders-desk';
import { successEnvelope } from './common-mini.ts';

export const dashboardMessages = {
  invalidDate: 'Dates are written YYYY-MM-DD',
  reversedDates: "'from' must not be after 'to'",
  tooLong: `A dashboard covers at most ${MAX_DASHBOARD_DAYS} days`,
} as const;

const calendarDate = z.optional(
  z.string().check(z.refine(isCalendarDate, { error: dashboardMessages.invalidDate })),
);

const DAY_MS = 24 * 60 * 60 * 1000;

/** `GET /admin/dashboard?from&to`: without dates, today; with `from` alone, from then to today. */
export const dashboardQuery = z.object({ from: calendarDate, to: calendarDate }).check(
  z.refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: dashboardMessages.reversedDates,
    path: ['from'],
  }),
  z.refine(
    (query) =>
      !query.from ||
      !query.to ||
      (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS < MAX_DASHBOARD_DAYS,
    { error: dashboardMessages.tooLong, path: ['to'] },
  ),
);
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboard = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.number(),
  /** Paid, net of refunds, rupees. */
  revenue: z.number(),
  averageOrderValue: z.number(),
  prepaid: z.number(),
  cod: z.number(),
  cancelled: z.number(),
  cancellationRate: z.number(),
  returned: z.number(),
  returnRate: z.number(),
  daily: z.array(z.object({ day: z.string(), orders: z.number(), revenue: z.number() })),
  topProducts: z.array(
    z.object({ productId: z.string(), name: z.string(), units: z.number(), revenue: z.number() }),
  ),
  topSizes: z.array(z.object({ size: z.string(), units: z.number() })),
  /** Bras, per size: units sold in the range as a share of those and the units in stock now. */
  braSellThrough: z.array(
    z.object({ size: z.string(), sold: z.number(), inStock: z.number(), rate: z.number() }),
  ),
  lowStock: z.number(),
  paymentsInReview: z.number(),
  failedRefunds: z.number(),
  awaitingDispatch: z.number(),
  /** Whole days since the oldest order waiting to be dispatched was placed; null when none. */
  oldestAwaitingDays: z.nullable(z.number()),
  /** When the oldest of the range's days was computed (its figures are at least this fresh). */
  computedAt: z.nullable(z.string()),
});
export type Dashboard = z.infer<typeof dashboard>;
export const dashboardResponse = successEnvelope(dashboard);
