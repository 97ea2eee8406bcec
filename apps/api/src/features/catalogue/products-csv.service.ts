import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { productInputOf, type ProductValues } from '@shop/contracts/products-admin';
import {
  comparableProduct,
  csvCellValue,
  csvSafeCell,
  groupProductRows,
  productChanges,
  optionalProductCsvColumns,
  productCsvColumns,
  productCsvMessages,
  productValuesFromRows,
  CSV_LIST_SEPARATOR,
  type CsvRow,
  type ProductCsvCells,
  type ProductImportIssue,
  type ProductImportPlan,
} from '@shop/contracts/products-csv';
import { conflict, invalid, unprocessable } from '@shop/domain/errors';
import { paiseToRupees } from '@shop/domain/money';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import type { CacheTag } from '../../http/read-cache.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { ProductsAdminRepository } from './products-admin.repository.ts';
import type { ProductsAdminService } from './products-admin.service.ts';

const isOptionalColumn = (column: string) =>
  (optionalProductCsvColumns as readonly string[]).includes(column);

export interface ProductsCsvDeps {
  db: Database;
  repository: ProductsAdminRepository;
  /** The form's write path: each imported product is saved as the form saves it. */
  products: Pick<ProductsAdminService, 'saveIn' | 'newProductThreshold'>;
  catalogueChanged: (tags: CacheTag[]) => Promise<void>;
}

const MAX_LISTED_CHANGES = 500;
const MAX_LISTED_ERRORS = 1000;

/** The import's id: the file's fingerprint, so a confirmation names exactly the file checked. */
export const importIdOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface PlannedProduct {
  slug: string;
  name: string;
  firstRow: number;
  rowCount: number;
  action: 'create' | 'update' | 'unchanged';
  id: string | undefined;
  values: ProductValues;
  changes: string[];
}

/**
 * The products CSV: export one row per product, colour and size; import a file as a dry run (what
 * would be created, updated and left, and every error with its row and column), then, confirmed
 * with the dry run's id, as one transaction through the form's write path.
 */
export function createProductsCsvService({
  db,
  repository,
  products,
  catalogueChanged,
}: ProductsCsvDeps) {
  /** The file's rows, each cell as the shop reads it; a file that is not CSV is refused. */
  function readRows(bytes: Buffer): { rows: CsvRow[]; issues: ProductImportIssue[] } {
    let records: string[][];
    try {
      records = parse(bytes, { bom: true, skip_empty_lines: true, relax_column_count: true });
    } catch (error) {
      throw invalid(productCsvMessages.unreadable((error as Error).message));
    }
    const [header, ...body] = records;
    if (!header || body.length === 0) throw invalid(productCsvMessages.empty);
    const names = header.map((name) => name.trim().toLowerCase());
    const issues: ProductImportIssue[] = [];
    for (const column of productCsvColumns) {
      if (!names.includes(column) && !isOptionalColumn(column)) {
        issues.push({ row: 1, column, message: productCsvMessages.missingColumn(column) });
      }
    }
    if (issues.length > 0) return { rows: [], issues };
    const rows = body.map((record, index) => {
      const cells = {} as ProductCsvCells;
      for (const column of productCsvColumns) {
        const index = names.indexOf(column);
        if (index >= 0 || !isOptionalColumn(column)) {
          cells[column] = csvCellValue(record[index] ?? '');
        }
      }
      return { row: index + 2, cells };
    });
    return { rows, issues };
  }

  /** Categories and subcategories by name or slug, in any case. */
  async function categoryLookup(tx: Executor) {
    const rows = await queryRows<{
      id: string;
      name: string;
      slug: string;
      sub_id: string | null;
      sub_name: string | null;
      sub_slug: string | null;
    }>(
      tx,
      sql`select c.id, c.name, c.slug, s.id as sub_id, s.name as sub_name, s.slug as sub_slug
            from categories c left join subcategories s on s.category_id = c.id`,
    );
    const categories = new Map<string, { id: string; name: string; subs: Map<string, string> }>();
    for (const row of rows) {
      const category = categories.get(row.name.toLowerCase()) ?? {
        id: row.id,
        name: row.name,
        subs: new Map<string, string>(),
      };
      categories.set(row.name.toLowerCase(), category);
      categories.set(row.slug.toLowerCase(), category);
      if (row.sub_id) {
        category.subs.set(row.sub_name!.toLowerCase(), row.sub_id);
        category.subs.set(row.sub_slug!.toLowerCase(), row.sub_id);
      }
    }
    return categories;
  }

  /** What the file would do to the shop as it is now (read through `tx`). */
  async function plan(tx: Executor, bytes: Buffer, lock: boolean) {
    const { rows, issues } = readRows(bytes);
    const groups = groupProductRows(rows);
    const categories = await categoryLookup(tx);
    const wanted = new Set(groups.map((group) => group.slug));
    const existingIds = new Map(
      (await queryRows<{ id: string; slug: string }>(tx, sql`select id, slug from products`))
        .filter((row) => wanted.has(row.slug))
        .map((row) => [row.slug, row.id]),
    );
    // Confirming: the file's products are locked before they are read, so an edit in the form
    // waits for the import (or the import for it) and nothing is planned from a stale read.
    if (lock && existingIds.size > 0) await repository.lockMany(tx, [...existingIds.values()]);
    const planned: PlannedProduct[] = [];
    for (const group of groups) {
      const first = group.rows[0]!;
      const category = categories.get(first.cells.category.toLowerCase());
      let subcategoryId: string | null = null;
      if (!category) {
        issues.push({
          row: first.row,
          column: 'category',
          message: productCsvMessages.categoryUnknown(first.cells.category),
        });
      } else if (first.cells.subcategory !== '') {
        subcategoryId = category.subs.get(first.cells.subcategory.toLowerCase()) ?? null;
        if (!subcategoryId) {
          issues.push({
            row: first.row,
            column: 'subcategory',
            message: productCsvMessages.subcategoryUnknown(first.cells.subcategory, category.name),
          });
        }
      }
      const id = existingIds.get(group.slug);
      const found = id ? await repository.find(tx, id) : undefined;
      const existing = found ? productInputOf(found) : undefined;
      const result = productValuesFromRows(group, {
        // A category not found is reported above; the schema still checks every other field.
        categoryId: category?.id ?? '00000000-0000-4000-8000-000000000000',
        subcategoryId,
        existing,
      });
      issues.push(...result.issues.filter((issue) => category || issue.column !== 'category'));
      const groupFound = category && (first.cells.subcategory === '' || subcategoryId);
      if (!result.values || !groupFound) continue;
      const values = result.values;
      const same =
        existing &&
        JSON.stringify(comparableProduct(existing)) === JSON.stringify(comparableProduct(values));
      planned.push({
        slug: group.slug,
        name: values.name,
        firstRow: first.row,
        rowCount: group.rows.length,
        action: !existing ? 'create' : same ? 'unchanged' : 'update',
        id,
        values,
        changes: existing ? productChanges(existing, values) : [],
      });
    }
    issues.sort((a, b) => a.row - b.row);
    const count = (action: PlannedProduct['action']) =>
      planned.filter((product) => product.action === action);
    const answer: ProductImportPlan = {
      importId: importIdOf(bytes),
      confirmed: false,
      rows: {
        total: rows.length,
        create: count('create').reduce((sum, product) => sum + product.rowCount, 0),
        update: count('update').reduce((sum, product) => sum + product.rowCount, 0),
        unchanged: count('unchanged').reduce((sum, product) => sum + product.rowCount, 0),
      },
      products: {
        create: count('create').length,
        update: count('update').length,
        unchanged: count('unchanged').length,
      },
      changes: planned
        .filter((product) => product.action !== 'unchanged')
        .slice(0, MAX_LISTED_CHANGES)
        .map(({ slug, name, action, firstRow, changes }) => ({
          slug,
          name,
          action: action as 'create' | 'update',
          firstRow,
          changes,
        })),
      errors: issues.slice(0, MAX_LISTED_ERRORS),
    };
    return { answer, planned, hasErrors: issues.length > 0 };
  }

  return {
    /** Every product, one row per colour and size, in the shop's order. */
    async exportCsv(): Promise<string> {
      const rows = await queryRows<{
        slug: string;
        name: string;
        category: string;
        subcategory: string | null;
        price_paise: number;
        original_price_paise: number | null;
        tags: string[] | null;
        color_name: string;
        color_hex: string;
        photos: string[] | null;
        size: string;
        stock: number;
        is_active: boolean;
        hsn_code: string;
        country_of_origin: string;
        manufacturer: string;
        generic_name: string;
        net_quantity: string;
      }>(
        db,
        sql`select p.slug, p.name, c.name as category, s.name as subcategory, p.price_paise,
              p.original_price_paise,
              (select array_agg(t.name order by pt.position) from product_tags pt
                 join tags t on t.id = pt.tag_id where pt.product_id = p.id) as tags,
              pc.color_name, pc.color_hex,
              (select array_agg(i.url order by i.position) from product_color_images i
                 where i.color_id = pc.id) as photos,
              ss.size, ss.stock, p.is_active, p.hsn_code, p.country_of_origin, p.manufacturer,
              p.generic_name, p.net_quantity
            from products p
            join categories c on c.id = p.category_id
            left join subcategories s on s.id = p.subcategory_id
            join product_colors pc on pc.product_id = p.id
            join product_size_stock ss on ss.color_id = pc.id
            order by p.position, p.id, pc.position, ss.position`,
      );
      const records = rows.map((row) =>
        [
          row.slug,
          row.name,
          row.category,
          row.subcategory ?? '',
          String(paiseToRupees(row.price_paise)),
          row.original_price_paise === null ? '' : String(paiseToRupees(row.original_price_paise)),
          (row.tags ?? []).join(CSV_LIST_SEPARATOR),
          row.color_name,
          row.color_hex,
          (row.photos ?? []).join(CSV_LIST_SEPARATOR),
          row.size,
          String(row.stock),
          row.is_active ? 'yes' : 'no',
          row.hsn_code,
          row.country_of_origin,
          row.manufacturer,
          row.generic_name,
          row.net_quantity,
        ].map(csvSafeCell),
      );
      // A byte-order mark, so spreadsheets read the file as UTF-8 (₹, names in Indian scripts).
      return stringify(records, { bom: true, header: true, columns: [...productCsvColumns] });
    },

    /** The dry run: what the file would do, and every error, changing nothing. */
    async dryRun(bytes: Buffer): Promise<ProductImportPlan> {
      return (await plan(db, bytes, false)).answer;
    },

    /**
     * The import, confirmed with the dry run's id: refused if the file is not the one checked or
     * has errors; otherwise every product created or updated in ONE transaction (all or
     * nothing), each through the form's write path; products left as they are are not written.
     */
    async confirm(bytes: Buffer, importId: string, actor: AuditActor): Promise<ProductImportPlan> {
      if (importIdOf(bytes) !== importId) throw conflict(productCsvMessages.changed);
      const newThreshold = await products.newProductThreshold();
      const { answer, written } = await db.transaction(async (tx) => {
        // Planned again inside the transaction, so what is written is checked against the shop
        // as it is now, not as it was at the dry run.
        const planned = await plan(tx, bytes, true);
        if (planned.hasErrors) throw unprocessable(productCsvMessages.hasErrors);
        const toWrite = planned.planned.filter((product) => product.action !== 'unchanged');
        const writtenIds: string[] = [];
        for (const product of toWrite) {
          const saved = await products.saveIn(tx, product.id, product.values, actor, {
            action: product.action === 'create' ? 'product.import-create' : 'product.import-update',
            stockNote: 'Set by a CSV import',
            newThreshold,
          });
          writtenIds.push(saved._id);
        }
        return { answer: planned.answer, written: writtenIds };
      });
      if (written.length > 0) {
        await catalogueChanged(['lists', ...written.map((id) => `product:${id}` as const)]);
      }
      return { ...answer, confirmed: true };
    },
  };
}

export type ProductsCsvService = ReturnType<typeof createProductsCsvService>;
