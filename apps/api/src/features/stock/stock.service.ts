import type {
  LowStockPage,
  LowStockQuery,
  StockAdjustmentResult,
  StockGrid,
  StockMovementsPage,
  StockMovementsQuery,
  StockProductsQuery,
  StockProductRow,
} from '@shop/contracts/stock';
import { stockMessages, type stockAdjustmentsSchema } from '@shop/contracts/stock';
import type { z } from 'zod/mini';
import { conflict, invalid, notFound } from '@shop/domain/errors';
import { isUuid } from '@shop/domain/ids';
import {
  applyStockEdit,
  defaultReason,
  fellLow,
  formatStockEdit,
  isLowStock,
  lowStockMailDay,
  parseStockEdit,
  sizeColumns,
  soldOutPopular,
  type AdminStockReason,
  type StockEdit,
  type StockMovementReason,
} from '@shop/domain/stock';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { Database, Executor } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { layout, signOff } from '../mail/mail-layout.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import { cellKey, type StockRepository } from './stock.repository.ts';

/**
 * For a feature that changes stock in its own transaction (a product's save): what the stock
 * movements that change writes are to say (who, why), read by the movement trigger.
 */
export { describeStockChange } from './stock.repository.ts';

type StockAdjustments = z.output<typeof stockAdjustmentsSchema>;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function decode(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
  } catch {
    throw invalid(stockMessages.invalidCursor);
  }
}
const isText = (value: unknown): value is string => typeof value === 'string';
const iso = (value: string | Date) => new Date(value).toISOString();

export interface StockServiceDeps {
  db: Database;
  stock: StockRepository;
  outbox: MailOutbox;
  /** After a commit that changed stock: the storefront's cached answers and read model drop it. */
  stockChanged: (productIds: string[]) => Promise<void>;
  publicUrl: string;
  /** The hour in India from which the day's low-stock mail is due. */
  lowStockMailHour: number;
  /** ADMIN_EMAILS: verified accounts with these addresses are owners too. */
  adminEmails: string[];
  now?: () => Date;
}

/**
 * The stock desk: a product's colour × size grid with the units unpaid orders hold, edits saved
 * as movements in one transaction under the sizes' row locks, the history, the low-stock
 * threshold and list, and the owners' daily low-stock mail.
 */
export function createStockService(deps: StockServiceDeps) {
  const { db, stock } = deps;
  const now = deps.now ?? (() => new Date());

  async function grid(tx: Executor, productId: string) {
    if (!isUuid(productId)) throw notFound(stockMessages.productNotFound);
    const product = await stock.product(tx, productId);
    if (!product) throw notFound(stockMessages.productNotFound);
    const [rows, held] = [await stock.gridRows(tx, productId), await stock.held(tx, [productId])];
    const heldBy = new Map(held.map((row) => [cellKey(row.color, row.size), row.units]));
    const colors = new Map<string, { colorName: string; colorHex: string }>();
    const cells: StockGrid['cells'] = [];
    for (const row of rows) {
      colors.set(row.color_name, { colorName: row.color_name, colorHex: row.color_hex });
      if (row.size === null || row.stock === null) continue;
      cells.push({
        colorName: row.color_name,
        size: row.size,
        stock: row.stock,
        held: heldBy.get(cellKey(row.color_name, row.size)) ?? 0,
        version: row.version === null ? null : Number(row.version),
        low: isLowStock(row.stock, product.threshold),
      });
    }
    const columns = sizeColumns(cells.map((cell) => cell.size));
    return {
      product: {
        _id: product.id,
        name: product.name,
        isActive: product.is_active,
        lowStockThreshold: product.threshold,
      },
      colors: [...colors.values()],
      sizes: columns.sizes,
      bands: columns.bands,
      cells,
    } satisfies StockGrid;
  }

  return {
    async products(query: StockProductsQuery) {
      let after: { name: string; id: string } | undefined;
      if (query.cursor) {
        const value = decode(query.cursor);
        if (!Array.isArray(value) || !isText(value[0]) || !isText(value[1]) || !isUuid(value[1])) {
          throw invalid(stockMessages.invalidCursor);
        }
        after = { name: value[0], id: value[1] };
      }
      const rows = await stock.productsPage({ q: query.q, after, limit: query.limit });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        products: page.map((row): StockProductRow => ({
          _id: row.id,
          name: row.name,
          isActive: row.is_active,
          image: row.image,
          units: row.units,
          lowSizes: row.low_sizes,
          lowStockThreshold: row.threshold,
        })),
        next: rows.length > query.limit && last ? encode([last.name_key, last.id]) : null,
      };
    },

    grid: (productId: string) => grid(db, productId),

    /**
     * Saves a batch of cell edits in one transaction, all or none. Each size is locked (in the
     * order checkouts lock them) before it is read: a checkout either took its units before the
     * lock, and a count made against an earlier reading takes them off (`seen`), or waits and
     * takes them from the new stock. Each change is a movement naming its reason, the note and
     * who (the trigger writes it with the update), and the batch one audit entry.
     */
    async adjust(productId: string, actor: AuditActor, input: StockAdjustments) {
      if (!isUuid(productId)) throw notFound(stockMessages.productNotFound);
      const edits = input.edits.map((item) => {
        const parsed = parseStockEdit(item.change);
        // The schema already refused what does not parse; this narrows the type.
        if (!parsed.ok || !parsed.edit) throw invalid(stockMessages.editsRequired);
        const edit: StockEdit = parsed.edit;
        return {
          key: cellKey(item.colorName, item.size),
          colorName: item.colorName,
          size: item.size,
          edit,
          reason: item.reason ?? defaultReason(edit),
          seen: item.seen,
        };
      });
      if (new Set(edits.map((edit) => edit.key)).size !== edits.length) {
        throw invalid(stockMessages.duplicateCell);
      }
      const applied = await db.transaction(async (tx) => {
        const product = await stock.product(tx, productId);
        if (!product) throw notFound(stockMessages.productNotFound);
        const locked = await stock.lockCells(
          tx,
          productId,
          edits.map(({ colorName, size }) => ({ colorName, size })),
        );
        const rowOf = new Map(locked.map((row) => [cellKey(row.color_name, row.size), row]));
        const missing = edits.find((edit) => !rowOf.has(edit.key));
        if (missing) {
          throw notFound(`${stockMessages.sizeNotFound}: ${missing.colorName} ${missing.size}`);
        }
        const counts = edits.filter((edit) => edit.edit.kind === 'set' && edit.seen !== undefined);
        const since = new Map(
          (
            await stock.movedSince(
              tx,
              productId,
              counts.map(({ colorName, size, seen }) => ({ colorName, size, seen: seen ?? null })),
            )
          ).map((row) => [cellKey(row.color, row.size), row]),
        );
        const results: StockAdjustmentResult[] = [];
        // In lock order, so the movements read in the order they were taken.
        const byKey = new Map(edits.map((edit) => [edit.key, edit]));
        for (const row of locked) {
          const edit = byKey.get(cellKey(row.color_name, row.size))!;
          const moved = since.get(edit.key);
          if (edit.edit.kind === 'set' && moved && moved.desk > 0) {
            throw conflict(`${row.color_name} ${row.size}: ${stockMessages.countChanged}`);
          }
          const outcome = applyStockEdit(row.stock, edit.edit, moved?.orders ?? 0);
          if (!outcome.ok) {
            throw conflict(
              `${row.color_name} ${row.size}: ${stockMessages.short(outcome.available)}`,
            );
          }
          if (outcome.delta !== 0) {
            await stock.describeNextChange(tx, {
              reason: edit.reason,
              note: input.note,
              actorId: actor.userId,
              actorEmail: actor.email,
            });
            await stock.setStock(tx, row.id, outcome.stockAfter);
          }
          results.push({
            colorName: row.color_name,
            size: row.size,
            change: formatStockEdit(edit.edit),
            reason: edit.reason as AdminStockReason,
            stockBefore: row.stock,
            stockAfter: outcome.stockAfter,
            soldSince: outcome.soldSince,
          });
        }
        await recordAudit(tx, actor, {
          action: 'product.stock',
          entity: 'product',
          entityId: productId,
          before: Object.fromEntries(
            results.map((result) => [`${result.colorName} ${result.size}`, result.stockBefore]),
          ),
          after: Object.fromEntries(
            results.map((result) => [
              `${result.colorName} ${result.size}`,
              { stock: result.stockAfter, change: result.change, reason: result.reason },
            ]),
          ),
        });
        return results;
      });
      await deps.stockChanged([productId]);
      return { applied, grid: await grid(db, productId) };
    },

    async movements(productId: string, query: StockMovementsQuery): Promise<StockMovementsPage> {
      if (!isUuid(productId)) throw notFound(stockMessages.productNotFound);
      if (!(await stock.product(db, productId))) throw notFound(stockMessages.productNotFound);
      let before: number | undefined;
      if (query.cursor) {
        before = Number(query.cursor);
        if (!/^\d{1,18}$/.test(query.cursor) || !Number.isSafeInteger(before)) {
          throw invalid(stockMessages.invalidCursor);
        }
      }
      const cell =
        query.colorName !== undefined && query.size !== undefined
          ? { colorName: query.colorName, size: query.size }
          : undefined;
      const rows = await stock.movements({ productId, cell, before, limit: query.limit });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        movements: page.map((row) => ({
          _id: String(row.id),
          colorName: row.color_name,
          size: row.size,
          delta: row.delta,
          stockAfter: row.stock_after,
          reason: row.reason as StockMovementReason,
          note: row.note,
          by: row.actor_email,
          at: iso(row.at),
        })),
        next: rows.length > query.limit && last ? String(last.id) : null,
      };
    },

    async setThreshold(productId: string, actor: AuditActor, threshold: number) {
      if (!isUuid(productId)) throw notFound(stockMessages.productNotFound);
      return db.transaction(async (tx) => {
        const row = await stock.setThreshold(tx, productId, threshold);
        if (!row) throw notFound(stockMessages.productNotFound);
        if (row.before !== threshold) {
          await recordAudit(tx, actor, {
            action: 'product.low_stock_threshold',
            entity: 'product',
            entityId: productId,
            before: { lowStockThreshold: row.before },
            after: { lowStockThreshold: threshold },
          });
        }
        return { lowStockThreshold: threshold };
      });
    },

    async low(query: LowStockQuery): Promise<LowStockPage> {
      let after: [number, string, string, string, string] | undefined;
      if (query.cursor) {
        const value = decode(query.cursor);
        if (
          !Array.isArray(value) ||
          value.length !== 5 ||
          !Number.isSafeInteger(value[0]) ||
          !value.slice(1).every(isText) ||
          !isUuid(value[2] as string)
        ) {
          throw invalid(stockMessages.invalidCursor);
        }
        after = value as [number, string, string, string, string];
      }
      const rows = await stock.lowSizes({
        popularOnly: query.popular === '1',
        after,
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const held = await stock.held(db, [...new Set(page.map((row) => row.product_id))]);
      const heldBy = new Map(
        held.map((row) => [`${row.product_id}|${cellKey(row.color, row.size)}`, row.units]),
      );
      const last = page.at(-1);
      return {
        sizes: page.map((row) => ({
          productId: row.product_id,
          productName: row.product_name,
          colorName: row.color_name,
          colorHex: row.color_hex,
          size: row.size,
          stock: row.stock,
          held: heldBy.get(`${row.product_id}|${cellKey(row.color_name, row.size)}`) ?? 0,
          threshold: row.threshold,
          sold30: row.sold30,
          popularSoldOut: soldOutPopular(row.stock, row.sold30),
        })),
        next:
          rows.length > query.limit && last
            ? encode([
                last.stock,
                last.name_key,
                last.product_id,
                last.color_name.toLowerCase(),
                last.size.toLowerCase(),
              ])
            : null,
      };
    },

    /**
     * The owners' daily low-stock mail: due from the configured hour in India, sent once a day
     * whatever the number of processes (the day is claimed in the database, and the mails are
     * queued in the claiming transaction: a crash before commit leaves the day unclaimed, one
     * after it leaves the mails queued). It lists the sizes that fell to their threshold or
     * under since the previous mail and are still there; nothing fell, nothing is sent.
     * Answers the number of mails queued.
     */
    async mailLowStock(): Promise<number> {
      const day = lowStockMailDay(now(), deps.lowStockMailHour);
      if (!day) return 0;
      const queued = await db.transaction(async (tx) => {
        const previous = await stock.claimMailDay(tx, day);
        if (!previous) return 0;
        // A shop that was down for days hears of the last week at most.
        const since = new Date(Math.max(previous.getTime(), now().getTime() - 7 * 86_400_000));
        const seen = new Set<string>();
        const fell = (await stock.takenSince(tx, since)).filter((row) => {
          const key = `${row.product_id}|${cellKey(row.color_name, row.size)}`;
          if (seen.has(key)) return false;
          const crossed = fellLow(
            { delta: row.delta, stockAfter: row.stock_after },
            row.stock,
            row.threshold,
          );
          if (crossed) seen.add(key);
          return crossed;
        });
        if (fell.length === 0) return 0;
        const stillLow = await stock.lowCount(tx);
        const owners = await stock.owners(tx, deps.adminEmails);
        for (const owner of owners) {
          await deps.outbox.enqueue(
            tx,
            lowStockMail(owner, day, fell, stillLow, `${deps.publicUrl}/admin/stock/low`),
          );
        }
        return owners.length;
      });
      if (queued > 0) deps.outbox.deliverSoon();
      return queued;
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;

function lowStockMail(
  owner: { email: string; first_name: string },
  day: string,
  fell: { product_name: string; color_name: string; size: string; stock: number }[],
  stillLow: number,
  url: string,
): MailMessage {
  const lines = fell.map(
    (row) =>
      `${row.product_name}, ${row.color_name}, ${row.size}: ${row.stock === 0 ? 'sold out' : `${row.stock} left`}`,
  );
  const subject = `Low stock: ${fell.length} ${fell.length === 1 ? 'size' : 'sizes'} fell low (${day})`;
  const intro = `Hello ${owner.first_name}, these sizes fell to their low-stock threshold or under since the last mail:`;
  const total = `${stillLow} ${stillLow === 1 ? 'size is' : 'sizes are'} low on stock in all.`;
  return {
    to: owner.email,
    subject,
    text: `${intro}\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\n${total}\nSee them all: ${url}${signOff}`,
    html: layout([intro, ...lines, total], { label: 'Open the low-stock list', url }),
  };
}
