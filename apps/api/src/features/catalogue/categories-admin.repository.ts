import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminCategory, AdminSubcategory } from '@shop/contracts/categories-admin';
import type { Executor } from '../../db/client.ts';
import { categories, products, subcategories } from '../../db/schema.ts';

type CategoryRow = typeof categories.$inferSelect;
type SubcategoryRow = typeof subcategories.$inferSelect;

// The outer row is named in full: drizzle writes a lone table's columns unqualified, which inside
// the subquery would name the product's own id.
const activeInCategory = sql<number>`(select count(*)::int from products p
  where p.category_id = "categories"."id" and p.is_active)`;
const activeInSubcategory = sql<number>`(select count(*)::int from products p
  where p.subcategory_id = "subcategories"."id" and p.is_active)`;

function toSubcategory(row: SubcategoryRow, activeProducts: number): AdminSubcategory {
  return {
    id: row.id,
    categoryId: row.categoryId,
    name: row.name,
    slug: row.slug,
    description: row.description,
    position: row.position,
    isActive: row.isActive,
    activeProducts: Number(activeProducts),
  };
}

function toCategory(
  row: CategoryRow,
  activeProducts: number,
  subs: AdminSubcategory[],
): AdminCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    position: row.position,
    isActive: row.isActive,
    hsnCode: row.hsnCode,
    activeProducts: Number(activeProducts),
    subcategories: subs,
  };
}

export function createCategoriesAdminRepository() {
  async function listSubcategories(tx: Executor, categoryId?: string) {
    const rows = await tx
      .select({ row: subcategories, active: activeInSubcategory })
      .from(subcategories)
      .where(categoryId ? eq(subcategories.categoryId, categoryId) : undefined)
      .orderBy(asc(subcategories.position), asc(subcategories.name));
    return rows.map(({ row, active }) => toSubcategory(row, active));
  }

  return {
    /** Every category, active or not, in the storefront's order, with its subcategories. */
    async list(tx: Executor): Promise<AdminCategory[]> {
      const [rows, subs] = [
        await tx
          .select({ row: categories, active: activeInCategory })
          .from(categories)
          .orderBy(asc(categories.position), asc(categories.name)),
        await listSubcategories(tx),
      ];
      return rows.map(({ row, active }) =>
        toCategory(
          row,
          active,
          subs.filter((sub) => sub.categoryId === row.id),
        ),
      );
    },

    async find(tx: Executor, id: string): Promise<AdminCategory | undefined> {
      const [found] = await tx
        .select({ row: categories, active: activeInCategory })
        .from(categories)
        .where(eq(categories.id, id));
      if (!found) return undefined;
      return toCategory(found.row, found.active, await listSubcategories(tx, id));
    },

    async findSubcategory(
      tx: Executor,
      categoryId: string,
      id: string,
    ): Promise<AdminSubcategory | undefined> {
      const [found] = await tx
        .select({ row: subcategories, active: activeInSubcategory })
        .from(subcategories)
        .where(and(eq(subcategories.id, id), eq(subcategories.categoryId, categoryId)));
      return found ? toSubcategory(found.row, found.active) : undefined;
    },

    /** Locks a category's row until the transaction ends (a save, or a subcategory change). */
    async lock(tx: Executor, id: string): Promise<boolean> {
      const rows = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, id))
        .for('update');
      return rows.length > 0;
    },

    async lockSubcategory(tx: Executor, categoryId: string, id: string): Promise<boolean> {
      const rows = await tx
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(and(eq(subcategories.id, id), eq(subcategories.categoryId, categoryId)))
        .for('update');
      return rows.length > 0;
    },

    async slugTaken(tx: Executor, slug: string, exceptId?: string): Promise<boolean> {
      const rows = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.slug, slug));
      return rows.some((row) => row.id !== exceptId);
    },

    async subcategorySlugTaken(
      tx: Executor,
      categoryId: string,
      slug: string,
      exceptId?: string,
    ): Promise<boolean> {
      const rows = await tx
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(and(eq(subcategories.categoryId, categoryId), eq(subcategories.slug, slug)));
      return rows.some((row) => row.id !== exceptId);
    },

    /** Active products in a category, counted while the category's row is locked. */
    async activeProductsIn(tx: Executor, where: { categoryId?: string; subcategoryId?: string }) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(products)
        .where(
          and(
            eq(products.isActive, true),
            where.categoryId ? eq(products.categoryId, where.categoryId) : undefined,
            where.subcategoryId ? eq(products.subcategoryId, where.subcategoryId) : undefined,
          ),
        );
      return Number(row?.count ?? 0);
    },

    /** The products filed under a category, whose own answers show its name. */
    async productIdsIn(tx: Executor, categoryId: string): Promise<string[]> {
      const rows = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.categoryId, categoryId));
      return rows.map((row) => row.id);
    },

    async nextPosition(tx: Executor, categoryId?: string): Promise<number> {
      const [row] = categoryId
        ? await tx
            .select({ next: sql<number>`coalesce(max(${subcategories.position}) + 1, 0)::int` })
            .from(subcategories)
            .where(eq(subcategories.categoryId, categoryId))
        : await tx
            .select({ next: sql<number>`coalesce(max(${categories.position}) + 1, 0)::int` })
            .from(categories);
      return Number(row?.next ?? 0);
    },

    insert: async (tx: Executor, values: typeof categories.$inferInsert) =>
      (await tx.insert(categories).values(values).returning({ id: categories.id }))[0]!.id,

    insertSubcategory: async (tx: Executor, values: typeof subcategories.$inferInsert) =>
      (await tx.insert(subcategories).values(values).returning({ id: subcategories.id }))[0]!.id,

    update: (tx: Executor, id: string, values: Partial<typeof categories.$inferInsert>) =>
      tx
        .update(categories)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(categories.id, id)),

    updateSubcategory: (
      tx: Executor,
      id: string,
      values: Partial<typeof subcategories.$inferInsert>,
    ) =>
      tx
        .update(subcategories)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(subcategories.id, id)),

    /** Locks every category (reorders rewrite all positions) and answers their ids. */
    async lockAll(tx: Executor): Promise<string[]> {
      const rows = await tx
        .select({ id: categories.id })
        .from(categories)
        .orderBy(asc(categories.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    async lockAllSubcategories(tx: Executor, categoryId: string): Promise<string[]> {
      const rows = await tx
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(eq(subcategories.categoryId, categoryId))
        .orderBy(asc(subcategories.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    async setPositions(tx: Executor, table: 'categories' | 'subcategories', ids: string[]) {
      const target = table === 'categories' ? categories : subcategories;
      for (const [position, id] of ids.entries()) {
        await tx.update(target).set({ position }).where(eq(target.id, id));
      }
    },
  };
}

export type CategoriesAdminRepository = ReturnType<typeof createCategoriesAdminRepository>;
