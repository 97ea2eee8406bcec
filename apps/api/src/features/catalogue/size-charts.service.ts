import type { SizeChart, SizeChartSave, SizeChartSummary } from '@shop/contracts/fit';
import { fitMessages } from '@shop/contracts/fit';
import { invalidField, notFound } from '@shop/domain/errors';
import type { SizeChartData, SizeChartRow } from '@shop/domain/size-charts';
import type { Database, Executor } from '../../db/client.ts';
import type { CacheTag, ReadCache } from '../../http/read-cache.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type {
  SizeChartRecord,
  SizeChartsRepository,
  SizeChartValues,
} from './size-charts.repository.ts';

export interface SizeChartsDeps {
  db: Database;
  repository: SizeChartsRepository;
  /** After a commit: drops the storefront's cached answers and read model (catalogueChanges). */
  catalogueChanged: (tags: CacheTag[]) => Promise<void>;
  /** Tells this service when charts changed in this or another process. */
  readCache?: Pick<ReadCache, 'onInvalidate'> | undefined;
}

/** A chart's tags: its own answers, every list (the size filter reads charts) and its products. */
const chartTags = (productIds: string[]): CacheTag[] => [
  'size-charts',
  'lists',
  ...productIds.map((id) => `product:${id}` as const),
];

/** A chart as the domain's rules read it ('' image: none). */
export function toChartData(record: SizeChartRecord): SizeChartData {
  return {
    id: record.id,
    name: record.name,
    kind: record.kind,
    image: record.image === '' ? null : record.image,
    rows: record.rows,
  };
}

function toAnswer(chart: SizeChartData): SizeChart {
  return {
    _id: chart.id,
    name: chart.name,
    kind: chart.kind,
    image: chart.image,
    rows: chart.rows.map((row) => ({ ...row })) as SizeChart['rows'],
  };
}

/** The rows as the chart's kind keeps them: only the ranges that kind has. */
function rowsOf(input: SizeChartSave): SizeChartRow[] {
  return input.rows.map((row) =>
    input.kind === 'bra'
      ? { size: row.size, underbustCm: row.underbustCm!, bustCm: row.bustCm }
      : { size: row.size, bustCm: row.bustCm, waistCm: row.waistCm!, hipCm: row.hipCm! },
  );
}

const audited = (record: SizeChartRecord) => ({
  name: record.name,
  kind: record.kind,
  image: record.image,
  isDefaultBra: record.isDefaultBra,
  rows: record.rows,
});

/**
 * Size charts as data: the storefront's chart answer, the charts the finder and the listing's size
 * filter read (kept in memory until a chart changes here or in another process), and the back
 * office's list, create and replace. A save is one transaction holding its audit entry; the
 * storefront forgets the chart, the lists and the chart's products after the commit.
 *
 * The shop's default bra chart (the finder's chart for a product without one) is the chart marked
 * `isDefaultBra`; with none marked, the oldest bra chart that has sizes.
 */
export function createSizeChartsService({
  db,
  repository,
  catalogueChanged,
  readCache,
}: SizeChartsDeps) {
  let loaded:
    Promise<{ byId: Map<string, SizeChartData>; defaultBra: SizeChartData | null }> | undefined;
  readCache?.onInvalidate((tags) => {
    if (!tags || tags.includes('size-charts')) loaded = undefined;
  });

  function charts() {
    loaded ??= (async () => {
      const records = await repository.all(db);
      const byId = new Map(records.map((record) => [record.id, toChartData(record)]));
      const marked = records.find((record) => record.isDefaultBra && record.kind === 'bra');
      const oldest = records
        .filter((record) => record.kind === 'bra' && record.rows.length > 0)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))[0];
      const chosen = marked ?? oldest;
      return { byId, defaultBra: chosen ? byId.get(chosen.id)! : null };
    })().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  }

  async function save(
    id: string | null,
    input: SizeChartSave,
    actor: AuditActor,
    tx: Executor,
  ): Promise<{ record: SizeChartRecord; productIds: string[] }> {
    const before = id === null ? undefined : await repository.lock(tx, id);
    if (id !== null && !before) throw notFound(fitMessages.chartNotFound);
    const isDefaultBra = input.isDefaultBra ?? before?.isDefaultBra ?? false;
    if (isDefaultBra && input.kind !== 'bra') {
      throw invalidField('isDefaultBra', fitMessages.defaultMustBeBra);
    }
    const values: SizeChartValues = {
      name: input.name,
      kind: input.kind,
      image: input.image ?? '',
      rows: rowsOf(input),
      isDefaultBra,
    };
    if (isDefaultBra) await repository.clearDefaultBra(tx, id);
    const record =
      id === null ? await repository.insert(tx, values) : await repository.update(tx, id, values);
    await recordAudit(tx, actor, {
      action: id === null ? 'size_chart.create' : 'size_chart.update',
      entity: 'size_chart',
      entityId: record.id,
      before: before ? audited(before) : null,
      after: audited(record),
    });
    return {
      record,
      productIds: id === null ? [] : await repository.productIdsUsing(tx, record.id),
    };
  }

  return {
    /** `GET /size-chart/{id}`. */
    async get(id: string): Promise<SizeChart> {
      const chart = (await charts()).byId.get(id);
      if (!chart) throw notFound(fitMessages.chartNotFound);
      return toAnswer(chart);
    },

    /** A chart as the domain reads it, or null when there is none by that id. */
    async chart(id: string): Promise<SizeChartData | null> {
      return (await charts()).byId.get(id) ?? null;
    },

    /** The shop's default bra chart, or null before the shop has one. */
    async defaultBraChart(): Promise<SizeChartData | null> {
      return (await charts()).defaultBra;
    },

    /** Every chart by id (the listing's size filter reads each product's own). */
    async all(): Promise<Map<string, SizeChartData>> {
      return (await charts()).byId;
    },

    async list(): Promise<SizeChartSummary[]> {
      const [records, counts, { defaultBra }] = await Promise.all([
        repository.all(db),
        repository.productCounts(db),
        charts(),
      ]);
      return records.map((record) => ({
        _id: record.id,
        name: record.name,
        kind: record.kind,
        image: record.image === '' ? null : record.image,
        sizes: record.rows.length,
        products: counts.get(record.id) ?? 0,
        isDefaultBra: defaultBra?.id === record.id,
        updatedAt: record.updatedAt.toISOString(),
      }));
    },

    /** The back office's chart with its rows. */
    async read(id: string): Promise<SizeChart & { isDefaultBra: boolean }> {
      const record = await repository.find(db, id);
      if (!record) throw notFound(fitMessages.chartNotFound);
      return { ...toAnswer(toChartData(record)), isDefaultBra: record.isDefaultBra };
    },

    /** A new chart inside the caller's transaction (the seed's); the caller tells the storefront. */
    async createIn(tx: Executor, input: SizeChartSave, actor: AuditActor): Promise<SizeChart> {
      return toAnswer(toChartData((await save(null, input, actor, tx)).record));
    },

    async create(
      input: SizeChartSave,
      actor: AuditActor,
    ): Promise<SizeChart & { isDefaultBra: boolean }> {
      const { record } = await db.transaction((tx) => save(null, input, actor, tx));
      await catalogueChanged(chartTags([]));
      return { ...toAnswer(toChartData(record)), isDefaultBra: record.isDefaultBra };
    },

    /** Replaces a chart's name, kind, image and every row. */
    async replace(
      id: string,
      input: SizeChartSave,
      actor: AuditActor,
    ): Promise<SizeChart & { isDefaultBra: boolean }> {
      const { record, productIds } = await db.transaction((tx) => save(id, input, actor, tx));
      await catalogueChanged(chartTags(productIds));
      return { ...toAnswer(toChartData(record)), isDefaultBra: record.isDefaultBra };
    },
  };
}

export type SizeChartsService = ReturnType<typeof createSizeChartsService>;
