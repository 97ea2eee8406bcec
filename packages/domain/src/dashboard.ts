// The morning dashboard's arithmetic: figures of a date range from its days' rollups.
import { indiaDayStart } from './orders-desk.ts';

/** The longest range one dashboard answers, in days (a year and a leap day). */
export const MAX_DASHBOARD_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One day's rollup, in paise. */
export interface SalesDay {
  day: string;
  orders: number;
  paidPaise: number;
  refundedPaise: number;
  prepaid: number;
  cod: number;
  cancelled: number;
  returned: number;
}

export interface SalesSummary {
  orders: number;
  /** Paid, net of refunds (paise). */
  revenuePaise: number;
  averageOrderValuePaise: number;
  prepaid: number;
  cod: number;
  cancelled: number;
  returned: number;
  /** Shares of the orders, 0–1, rounded to 4 places. */
  cancellationRate: number;
  returnRate: number;
}

const share = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;

/** The range's figures: sums of its days; the average order value is rounded to the paisa. */
export function summarizeDays(days: readonly SalesDay[]): SalesSummary {
  const total = days.reduce(
    (sum, day) => ({
      orders: sum.orders + day.orders,
      revenuePaise: sum.revenuePaise + day.paidPaise - day.refundedPaise,
      prepaid: sum.prepaid + day.prepaid,
      cod: sum.cod + day.cod,
      cancelled: sum.cancelled + day.cancelled,
      returned: sum.returned + day.returned,
    }),
    { orders: 0, revenuePaise: 0, prepaid: 0, cod: 0, cancelled: 0, returned: 0 },
  );
  return {
    ...total,
    averageOrderValuePaise: total.orders === 0 ? 0 : Math.round(total.revenuePaise / total.orders),
    cancellationRate: share(total.cancelled, total.orders),
    returnRate: share(total.returned, total.orders),
  };
}

/** Every day of an inclusive range, `YYYY-MM-DD`, oldest first. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = indiaDayStart(from).getTime(); at <= indiaDayStart(to).getTime(); at += DAY_MS) {
    days.push(new Date(at + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10));
  }
  return days;
}

/** Today in India (`YYYY-MM-DD`). */
export function indiaToday(now = new Date()): string {
  return new Date(now.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The day `days` before a date (`YYYY-MM-DD`). */
export function daysBefore(date: string, days: number): string {
  return new Date(indiaDayStart(date).getTime() - days * DAY_MS + 5.5 * 60 * 60 * 1000)
    .toISOString()
    .slice(0, 10);
}

/** Sold units of a size as a share of what there was to sell (sold and still in stock). */
export function sellThrough(sold: number, inStock: number): number {
  return share(sold, sold + Math.max(0, inStock));
}
