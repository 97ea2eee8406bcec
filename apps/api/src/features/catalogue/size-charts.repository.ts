import { asc, eq, sql } from 'drizzle-orm';
import type { SizeChartKind, SizeChartRow } from '@shop/domain/size-charts';
import { queryRows, type Executor } from '../../db/client.ts';
import { sizeCharts } from '../../db/schema.ts';

export type SizeChartRecord = typeof sizeCharts.$inferSelect;

export interface SizeChartValues {
  name: string;
  kind: SizeChartKind;
  image: string;
  rows: SizeChartRow[];
  isDefaultBra: boolean;
}

/** The size charts' table: read whole (a chart's rows are one jsonb list), written whole. */
export function createSizeChartsRepository() {
  return {
    async find(tx: Executor, id: string): Promise<SizeChartRecord | undefined> {
      const [row] = await tx.select().from(sizeCharts).where(eq(sizeCharts.id, id));
      return row;
    },

    /** The chart, locked until the transaction ends (a save reads, checks and writes it). */
    async lock(tx: Executor, id: string): Promise<SizeChartRecord | undefined> {
      const [row] = await tx.select().from(sizeCharts).where(eq(sizeCharts.id, id)).for('update');
      return row;
    },

    async all(tx: Executor): Promise<SizeChartRecord[]> {
      return tx.select().from(sizeCharts).orderBy(asc(sizeCharts.name), asc(sizeCharts.id));
    },

    /** How many products (active or not) use each chart. */
    async productCounts(tx: Executor): Promise<Map<string, number>> {
      const rows = await queryRows<{ id: string; products: number }>(
        tx,
        sql`select size_chart_id as id, count(*)::int as products
            from products where size_chart_id is not null group by size_chart_id`,
      );
      return new Map(rows.map((row) => [row.id, row.products]));
    },

    async productIdsUsing(tx: Executor, id: string): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`select id from products where size_chart_id = ${id}::uuid`,
      );
      return rows.map((row) => row.id);
    },

    async insert(tx: Executor, values: SizeChartValues): Promise<SizeChartRecord> {
      const [row] = await tx.insert(sizeCharts).values(values).returning();
      return row!;
    },

    async update(tx: Executor, id: string, values: SizeChartValues): Promise<SizeChartRecord> {
      const [row] = await tx
        .update(sizeCharts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(sizeCharts.id, id))
        .returning();
      return row!;
    },

    /** Takes the default-bra mark off every chart but `keepId` (one default at a time). */
    async clearDefaultBra(tx: Executor, keepId: string | null): Promise<void> {
      await tx.execute(
        keepId === null
          ? sql`update size_charts set is_default_bra = false where is_default_bra`
          : sql`update size_charts set is_default_bra = false
                where is_default_bra and id <> ${keepId}::uuid`,
      );
    },
  };
}

export type SizeChartsRepository = ReturnType<typeof createSizeChartsRepository>;
