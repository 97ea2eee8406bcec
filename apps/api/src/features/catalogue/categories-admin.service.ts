import type {
  AdminCategory,
  AdminSubcategory,
  CategoryCreateInput,
  CategoryPatchInput,
  SubcategoryCreateInput,
  SubcategoryPatchInput,
} from '@shop/contracts/categories-admin';
import {
  categoryRuleMessages,
  categorySlug,
  deactivationRefusal,
  isCompleteOrder,
} from '@shop/domain/categories';
import { conflict, conflictingField, invalidField, notFound } from '@shop/domain/errors';
import { isUniqueViolation, type Database, type Executor } from '../../db/client.ts';
import type { CacheTag } from '../../http/read-cache.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { CategoriesAdminRepository } from './categories-admin.repository.ts';

export interface CategoriesAdminDeps {
  db: Database;
  repository: CategoriesAdminRepository;
  /** After a commit: drops the storefront's cached answers and read model (catalogueChanges). */
  catalogueChanged: (tags: CacheTag[]) => Promise<void>;
}

/**
 * A category change empties the category answers and every product list (their filters and
 * breadcrumbs name categories), and the products filed under it, whose pages show its name.
 */
const groupTags = (productIds: string[]): CacheTag[] => [
  'categories',
  'lists',
  ...productIds.map((id) => `product:${id}` as const),
];

/** A unique-index race lost to another save answers as the checked case does. */
async function slugRace<T>(run: () => Promise<T>, index: string, message: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, index)) throw conflictingField('slug', message);
    throw error;
  }
}

/**
 * The back office's categories and subcategories. Each write is one transaction that locks the
 * row it changes, checks the rules needing the database (a unique address, no active products
 * left on a shelf being deactivated) and records its audit entry; the storefront forgets the
 * categories after the commit.
 */
export function createCategoriesAdminService({
  db,
  repository,
  catalogueChanged,
}: CategoriesAdminDeps) {
  /**
   * A new category inside the caller's transaction, with its audit entry, as the form creates it.
   * The caller tells the storefront after its commit.
   */
  async function createIn(
    tx: Executor,
    input: CategoryCreateInput,
    actor: AuditActor,
  ): Promise<AdminCategory> {
    const slug = categorySlug(input.name, input.slug);
    if (await repository.slugTaken(tx, slug)) {
      throw conflictingField('slug', categoryRuleMessages.slugTaken);
    }
    const id = await repository.insert(tx, {
      name: input.name,
      slug,
      description: input.description,
      image: input.image ?? null,
      hsnCode: input.hsnCode ?? '',
      position: await repository.nextPosition(tx),
    });
    const after = (await repository.find(tx, id))!;
    await recordAudit(tx, actor, {
      action: 'category.create',
      entity: 'category',
      entityId: id,
      before: null,
      after,
    });
    return after;
  }

  /** A new subcategory at the end of its category's, inside the caller's transaction. */
  async function createSubcategoryIn(
    tx: Executor,
    categoryId: string,
    input: SubcategoryCreateInput,
    actor: AuditActor,
  ): Promise<AdminSubcategory> {
    const slug = categorySlug(input.name, input.slug);
    if (!(await repository.lock(tx, categoryId))) {
      throw notFound(categoryRuleMessages.notFound);
    }
    if (await repository.subcategorySlugTaken(tx, categoryId, slug)) {
      throw conflictingField('slug', categoryRuleMessages.subcategorySlugTaken);
    }
    const id = await repository.insertSubcategory(tx, {
      categoryId,
      name: input.name,
      slug,
      description: input.description,
      position: await repository.nextPosition(tx, categoryId),
    });
    const after = (await repository.findSubcategory(tx, categoryId, id))!;
    await recordAudit(tx, actor, {
      action: 'subcategory.create',
      entity: 'category',
      entityId: id,
      before: null,
      after,
    });
    return after;
  }

  return {
    list: () => repository.list(db),
    createIn,
    createSubcategoryIn,

    async create(input: CategoryCreateInput, actor: AuditActor): Promise<AdminCategory> {
      const created = await slugRace(
        () => db.transaction((tx) => createIn(tx, input, actor)),
        'categories_slug_key',
        categoryRuleMessages.slugTaken,
      );
      await catalogueChanged(groupTags([]));
      return created;
    },

    async update(id: string, patch: CategoryPatchInput, actor: AuditActor): Promise<AdminCategory> {
      const { category, productIds } = await slugRace(
        () =>
          db.transaction(async (tx) => {
            if (!(await repository.lock(tx, id))) throw notFound(categoryRuleMessages.notFound);
            const before = (await repository.find(tx, id))!;
            const name = patch.name ?? before.name;
            const slug = patch.slug !== undefined ? categorySlug(name, patch.slug) : before.slug;
            if (slug !== before.slug && (await repository.slugTaken(tx, slug, id))) {
              throw conflictingField('slug', categoryRuleMessages.slugTaken);
            }
            if (patch.isActive === false && before.isActive) {
              // Counted under the category's update lock: a product save share-locks its category
              // (products-admin.repository findGroup), so one saved meanwhile is counted or waits.
              const refusal = deactivationRefusal(
                before.name,
                await repository.activeProductsIn(tx, { categoryId: id }),
              );
              if (refusal) throw conflict(refusal);
            }
            await repository.update(tx, id, {
              name,
              slug,
              ...(patch.description !== undefined && { description: patch.description }),
              ...(patch.image !== undefined && { image: patch.image }),
              ...(patch.isActive !== undefined && { isActive: patch.isActive }),
              ...(patch.hsnCode !== undefined && { hsnCode: patch.hsnCode }),
            });
            const after = (await repository.find(tx, id))!;
            await recordAudit(tx, actor, {
              action: 'category.update',
              entity: 'category',
              entityId: id,
              before,
              after,
            });
            return { category: after, productIds: await repository.productIdsIn(tx, id) };
          }),
        'categories_slug_key',
        categoryRuleMessages.slugTaken,
      );
      await catalogueChanged(groupTags(productIds));
      return category;
    },

    async reorder(ids: string[], actor: AuditActor): Promise<AdminCategory[]> {
      const list = await db.transaction(async (tx) => {
        const current = await repository.lockAll(tx);
        if (!isCompleteOrder(current, ids)) {
          throw invalidField('ids', categoryRuleMessages.reorderMismatch);
        }
        const before = (await repository.list(tx)).map((category) => category.id);
        await repository.setPositions(tx, 'categories', ids);
        await recordAudit(tx, actor, {
          action: 'category.reorder',
          entity: 'category',
          entityId: 'all',
          before: { ids: before },
          after: { ids },
        });
        return repository.list(tx);
      });
      await catalogueChanged(groupTags([]));
      return list;
    },

    async createSubcategory(
      categoryId: string,
      input: SubcategoryCreateInput,
      actor: AuditActor,
    ): Promise<AdminSubcategory> {
      const created = await slugRace(
        () => db.transaction((tx) => createSubcategoryIn(tx, categoryId, input, actor)),
        'subcategories_category_slug_key',
        categoryRuleMessages.subcategorySlugTaken,
      );
      await catalogueChanged(groupTags([]));
      return created;
    },

    async updateSubcategory(
      categoryId: string,
      id: string,
      patch: SubcategoryPatchInput,
      actor: AuditActor,
    ): Promise<AdminSubcategory> {
      const { subcategory, productIds } = await slugRace(
        () =>
          db.transaction(async (tx) => {
            if (!(await repository.lockSubcategory(tx, categoryId, id))) {
              throw notFound(categoryRuleMessages.subcategoryNotFound);
            }
            const before = (await repository.findSubcategory(tx, categoryId, id))!;
            const name = patch.name ?? before.name;
            const slug = patch.slug !== undefined ? categorySlug(name, patch.slug) : before.slug;
            if (
              slug !== before.slug &&
              (await repository.subcategorySlugTaken(tx, categoryId, slug, id))
            ) {
              throw conflictingField('slug', categoryRuleMessages.subcategorySlugTaken);
            }
            if (patch.isActive === false && before.isActive) {
              const refusal = deactivationRefusal(
                before.name,
                await repository.activeProductsIn(tx, { subcategoryId: id }),
              );
              if (refusal) throw conflict(refusal);
            }
            await repository.updateSubcategory(tx, id, {
              name,
              slug,
              ...(patch.description !== undefined && { description: patch.description }),
              ...(patch.isActive !== undefined && { isActive: patch.isActive }),
            });
            const after = (await repository.findSubcategory(tx, categoryId, id))!;
            await recordAudit(tx, actor, {
              action: 'subcategory.update',
              entity: 'category',
              entityId: id,
              before,
              after,
            });
            return {
              subcategory: after,
              productIds: await repository.productIdsIn(tx, categoryId),
            };
          }),
        'subcategories_category_slug_key',
        categoryRuleMessages.subcategorySlugTaken,
      );
      await catalogueChanged(groupTags(productIds));
      return subcategory;
    },

    async reorderSubcategories(
      categoryId: string,
      ids: string[],
      actor: AuditActor,
    ): Promise<AdminCategory> {
      const category = await db.transaction(async (tx) => {
        if (!(await repository.lock(tx, categoryId))) throw notFound(categoryRuleMessages.notFound);
        const current = await repository.lockAllSubcategories(tx, categoryId);
        if (!isCompleteOrder(current, ids)) {
          throw invalidField('ids', categoryRuleMessages.subcategoryReorderMismatch);
        }
        const before = (await repository.find(tx, categoryId))!;
        await repository.setPositions(tx, 'subcategories', ids);
        await recordAudit(tx, actor, {
          action: 'subcategory.reorder',
          entity: 'category',
          entityId: categoryId,
          before: { ids: before.subcategories.map((sub) => sub.id) },
          after: { ids },
        });
        return (await repository.find(tx, categoryId))!;
      });
      await catalogueChanged(groupTags([]));
      return category;
    },
  };
}

export type CategoriesAdminService = ReturnType<typeof createCategoriesAdminService>;
