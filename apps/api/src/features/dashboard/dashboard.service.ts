import { daysOf, indiaToday, sellThrough, summarizeDays } from '@shop/domain/dashboard';
import { dispatchAge } from '@shop/domain/dispatch';
import { paiseToRupees } from '@shop/domain/money';
import type { Dashboard, DashboardQuery } from '@shop/contracts/dashboard';
import type { DashboardRepository } from './dashboard.repository.ts';

/** The category whose sell-through by size the dashboard shows (sizes matter most for bras). */
const BRAS = 'bras';
const TOP = 10;

/** The morning dashboard: a range's figures from the daily rollups, and today's work. */
export function createDashboardService(repository: DashboardRepository) {
  return {
    /** Recomputes the days whose orders changed (the job runs it; a visit runs it first too). */
    refresh: () => repository.refresh(),

    async dashboard(query: DashboardQuery): Promise<Dashboard> {
      const to = query.to ?? indiaToday();
      const from = query.from ?? to;
      // A visit sees every change committed before it: the days it touched are computed first
      // (usually today alone, a few milliseconds). Then the range's figures and what is true now
      // are read at once, one statement each.
      await repository.refresh();
      const [range, live] = await Promise.all([
        repository.range(from, to, TOP),
        repository.live(BRAS),
      ]);
      const { days } = range;
      const summary = summarizeDays(days);
      const byDay = new Map(days.map((day) => [day.day, day]));

      const sizes = new Map<string, number>();
      const braSold = new Map<string, number>();
      for (const { categorySlug, size, units } of range.sizes) {
        sizes.set(size, (sizes.get(size) ?? 0) + units);
        if (categorySlug === BRAS) braSold.set(size, (braSold.get(size) ?? 0) + units);
      }
      const braStock = live.stockBySize;
      const braSizes = [...new Set([...braSold.keys(), ...braStock.keys()])].sort();

      return {
        from,
        to,
        orders: summary.orders,
        revenue: paiseToRupees(summary.revenuePaise),
        averageOrderValue: paiseToRupees(summary.averageOrderValuePaise),
        prepaid: summary.prepaid,
        cod: summary.cod,
        cancelled: summary.cancelled,
        cancellationRate: summary.cancellationRate,
        returned: summary.returned,
        returnRate: summary.returnRate,
        daily: daysOf(from, to).map((day) => {
          const figures = byDay.get(day);
          return {
            day,
            orders: figures?.orders ?? 0,
            revenue: paiseToRupees(figures ? figures.paidPaise - figures.refundedPaise : 0),
          };
        }),
        topProducts: range.topProducts.map((product) => ({
          productId: product.productId,
          name: product.name,
          units: product.units,
          revenue: paiseToRupees(product.revenuePaise),
        })),
        topSizes: [...sizes]
          .sort(([a, unitsA], [b, unitsB]) => unitsB - unitsA || a.localeCompare(b))
          .slice(0, TOP)
          .map(([size, units]) => ({ size: size.toUpperCase(), units })),
        braSellThrough: braSizes.map((size) => {
          const sold = braSold.get(size) ?? 0;
          const inStock = braStock.get(size) ?? 0;
          return { size: size.toUpperCase(), sold, inStock, rate: sellThrough(sold, inStock) };
        }),
        lowStock: live.lowStock,
        paymentsInReview: live.paymentsInReview,
        failedRefunds: live.failedRefunds,
        awaitingDispatch: live.awaitingDispatch,
        oldestAwaitingDays: live.oldestPlacedAt
          ? dispatchAge(live.oldestPlacedAt, new Date()).days
          : null,
        computedAt: range.computedAt?.toISOString() ?? null,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
