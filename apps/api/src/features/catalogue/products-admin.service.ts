import { DEFAULT_LOW_STOCK_THRESHOLD } from '@shop/domain/stock';
import {
  productFormMessages,
  productInputOf,
  type AdminProduct,
  type AdminProductsQuery,
  type ProductBulkInput,
  type ProductValues,
} from '@shop/contracts/products-admin';
import { invalidCursorMessage } from '@shop/contracts/keyset-page';
import { productSearchText } from '@shop/domain/catalogue';
import { conflictingField, invalid, invalidField, notFound } from '@shop/domain/errors';
import { rupeesToPaise } from '@shop/domain/money';
import { productDeletion, productRuleMessages, productSlug } from '@shop/domain/products';
import { isUniqueViolation, type Database, type Executor } from '../../db/client.ts';
import type { CacheTag } from '../../http/read-cache.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { lockMediaForUse, uploadIdOf } from '../media/media-library.service.ts';
import { describeStockChange } from '../stock/stock.service.ts';
import { decodeProductCursor, encodeProductCursor } from './products-admin-list.ts';
import type { ProductsAdminRepository } from './products-admin.repository.ts';

export interface ProductsAdminDeps {
  db: Database;
  repository: ProductsAdminRepository;
  /**
   * After a commit: drops the storefront's cached answers and read model of what changed, in
   * every process (catalogueChanges.changed).
   */
  catalogueChanged: (tags: CacheTag[]) => Promise<void>;
  /** The low-stock threshold a new product starts with (the shop's setting). */
  newProductThreshold: () => Promise<number>;
}

/** What a change of these products empties: their own answers and every list. */
const productTags = (ids: string[]): CacheTag[] => [
  'lists',
  ...ids.map((id) => `product:${id}` as const),
];

/** Tags kept once each, the first spelling of a tag written in another case winning. */
function distinctTags(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The back office's products: every save is one transaction that locks the product, checks the
 * rules that need the database (the category pair, the unique address), writes the whole product
 * page and its audit entry; the storefront forgets the product after the commit.
 */
export function createProductsAdminService({
  db,
  repository,
  catalogueChanged,
  newProductThreshold,
}: ProductsAdminDeps) {
  async function checkGroup(tx: Executor, values: ProductValues) {
    const { category, subcategory } = await repository.findGroup(
      tx,
      values.categoryId,
      values.subcategoryId,
    );
    if (!category) throw invalidField('categoryId', productRuleMessages.categoryUnknown);
    if (values.subcategoryId !== null) {
      if (!subcategory) {
        throw invalidField('subcategoryId', productRuleMessages.subcategoryUnknown);
      }
      if (subcategory.category_id !== values.categoryId) {
        throw invalidField('subcategoryId', productRuleMessages.subcategoryElsewhere);
      }
    }
    if (
      values.sizeChartId !== null &&
      !(await repository.sizeChartExists(tx, values.sizeChartId))
    ) {
      throw invalidField('sizeChartId', 'This size chart no longer exists.');
    }
    return { categoryName: category.name, subcategoryName: subcategory?.name ?? null };
  }

  /**
   * Locks the uploaded photos the product is about to use until the save commits, so the orphan
   * cleanup cannot remove them meanwhile; a photo the cleanup removed first is refused on its
   * colour's photos field.
   */
  async function lockPhotos(tx: Executor, values: ProductValues) {
    const uses = values.colors.flatMap((color, colorIndex) =>
      color.photos.flatMap((photo, photoIndex) => {
        const id = uploadIdOf(photo);
        return id === null ? [] : [{ id, colorIndex, photoIndex, colorName: color.colorName }];
      }),
    );
    if (uses.length === 0) return;
    const found = await lockMediaForUse(
      tx,
      uses.map((use) => use.id),
    );
    const gone = uses.find((use) => !found.has(use.id.toLowerCase()));
    if (gone) {
      throw invalidField(
        `colors.${gone.colorIndex}.photos`,
        productFormMessages.photoGone(gone.photoIndex + 1, gone.colorName),
      );
    }
  }

  /**
   * Writes the whole product page; answers its id. A new product (no `id`) starts at
   * `newThreshold` units for low stock, read by the caller before the transaction: on the
   * embedded database a read outside an open transaction waits for it to end.
   */
  async function write(
    tx: Executor,
    id: string | undefined,
    values: ProductValues,
    newThreshold?: number,
  ) {
    const { categoryName, subcategoryName } = await checkGroup(tx, values);
    const slug = productSlug(values.name, values.slug);
    const taken = await repository.findBySlug(tx, slug, id);
    if (taken) throw conflictingField('slug', productRuleMessages.slugTaken(slug, taken.name));
    const tagNames = distinctTags(values.tags);
    const row = {
      name: values.name,
      slug,
      subheading: values.subheading,
      description: values.description,
      brand: values.brand,
      categoryId: values.categoryId,
      subcategoryId: values.subcategoryId,
      sizeChartId: values.sizeChartId,
      pricePaise: rupeesToPaise(values.price),
      originalPricePaise:
        values.originalPrice === null ? null : rupeesToPaise(values.originalPrice),
      isActive: values.isActive,
      countryOfOrigin: values.countryOfOrigin,
      hsnCode: values.hsnCode,
      manufacturer: values.manufacturer,
      genericName: values.genericName,
      netQuantity: values.netQuantity,
      searchText: productSearchText({
        name: values.name,
        subheading: values.subheading,
        categoryName,
        subcategoryName,
        tags: tagNames,
        colorNames: values.colors.map((color) => color.colorName),
      }),
    };
    await lockPhotos(tx, values);
    const productId =
      id ??
      (await repository.insert(tx, {
        ...row,
        lowStockThreshold: newThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
      }));
    if (id) await repository.update(tx, id, row);
    await repository.writeColors(
      tx,
      productId,
      values.colors.map((color) => ({
        id: color._id,
        colorName: color.colorName,
        colorHex: color.colorHex.toUpperCase(),
        photos: color.photos,
        sizeStock: color.sizeStock,
      })),
    );
    await repository.writeSpecifications(tx, productId, values.specifications);
    await repository.writeTags(tx, productId, tagNames);
    return productId;
  }

  /** Two creates racing for one address: the loser hears what the first check would have said. */
  async function slugRace<T>(values: ProductValues, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'products_slug_key')) {
        const slug = productSlug(values.name, values.slug);
        const taken = await repository.findBySlug(db, slug);
        throw conflictingField(
          'slug',
          productRuleMessages.slugTaken(slug, taken?.name ?? 'another product'),
        );
      }
      throw error;
    }
  }

  /**
   * One product saved inside the caller's transaction, as the form saves it: the whole product
   * page, its stock typed as a count (in the stock history), and its audit entry. The caller
   * holds the product's lock for an update and tells the storefront after its commit.
   */
  async function saveIn(
    tx: Executor,
    id: string | undefined,
    values: ProductValues,
    actor: AuditActor,
    how: {
      action: string;
      stockNote: string;
      /**
       * A new product's low-stock threshold, read before the transaction: the setting is read
       * outside it, and PGlite's one connection would wait for the transaction to end.
       */
      newThreshold?: number;
    },
  ): Promise<AdminProduct> {
    const before = id ? ((await repository.find(tx, id)) ?? null) : null;
    if (id) {
      // A size's stock typed in the editor (or a file) is a count, in the stock history like the desk's.
      await describeStockChange(tx, {
        reason: 'count',
        note: how.stockNote,
        actorId: actor.userId,
        actorEmail: actor.email,
      });
    }
    const productId = await write(tx, id, values, how.newThreshold);
    const after = (await repository.find(tx, productId))!;
    await recordAudit(tx, actor, {
      action: how.action,
      entity: 'product',
      entityId: productId,
      before,
      after,
    });
    return after;
  }

  async function find(id: string): Promise<AdminProduct> {
    const product = await repository.find(db, id);
    if (!product) throw notFound(productRuleMessages.notFound);
    return product;
  }

  return {
    get: find,
    saveIn,
    newProductThreshold,

    async list(query: AdminProductsQuery) {
      const after = query.cursor ? decodeProductCursor(query.cursor) : undefined;
      if (query.cursor && (!after || after.sort !== query.sort))
        throw invalid(invalidCursorMessage);
      const page = await repository.page(db, query, after);
      return { products: page.rows, next: page.next ? encodeProductCursor(page.next) : null };
    },

    options: () => repository.formOptions(db),

    async create(values: ProductValues, actor: AuditActor): Promise<AdminProduct> {
      const newThreshold = await newProductThreshold();
      const product = await slugRace(values, () =>
        db.transaction((tx) =>
          saveIn(tx, undefined, values, actor, {
            action: 'product.create',
            stockNote: 'Set in the product editor',
            newThreshold,
          }),
        ),
      );
      await catalogueChanged(productTags([product._id]));
      return product;
    },

    async update(id: string, values: ProductValues, actor: AuditActor): Promise<AdminProduct> {
      const product = await slugRace(values, () =>
        db.transaction(async (tx) => {
          if (!(await repository.lock(tx, id))) throw notFound(productRuleMessages.notFound);
          return saveIn(tx, id, values, actor, {
            action: 'product.update',
            stockNote: 'Set in the product editor',
          });
        }),
      );
      await catalogueChanged(productTags([id]));
      return product;
    },

    /**
     * Deletes a product no order holds; one in past orders is deactivated instead, so those
     * orders keep pointing at it and still show it.
     */
    async remove(id: string, actor: AuditActor) {
      const outcome = await db.transaction(async (tx) => {
        if (!(await repository.lock(tx, id))) throw notFound(productRuleMessages.notFound);
        const before = (await repository.find(tx, id))!;
        if (productDeletion(before.inPastOrders) === 'deactivate') {
          // Only the flag changes: the rest of the product stays as the orders knew it.
          await repository.deactivate(tx, id);
          await recordAudit(tx, actor, {
            action: 'product.deactivate',
            entity: 'product',
            entityId: id,
            before: { isActive: before.isActive },
            after: { isActive: false, reason: 'deleted while in past orders' },
          });
          return 'deactivated' as const;
        }
        await repository.remove(tx, id);
        await recordAudit(tx, actor, {
          action: 'product.delete',
          entity: 'product',
          entityId: id,
          before,
          after: null,
        });
        return 'deleted' as const;
      });
      await catalogueChanged(productTags([id]));
      return { _id: id, outcome };
    },

    /** One action over many products, in one transaction, one audit entry per product changed. */
    async bulk(input: ProductBulkInput, actor: AuditActor) {
      const ids = [...new Set(input.ids)];
      const changed = await db.transaction(async (tx) => {
        const found = await repository.lockMany(tx, ids);
        if (found.length !== ids.length) throw notFound(productRuleMessages.notFound);
        const changedIds: string[] = [];
        for (const id of found) {
          const before = (await repository.find(tx, id))!;
          let values: Partial<ProductValues> | undefined;
          switch (input.action) {
            case 'activate':
            case 'deactivate': {
              const isActive = input.action === 'activate';
              if (before.isActive !== isActive) values = { isActive };
              break;
            }
            case 'move':
              if (
                before.category !== input.categoryId ||
                before.subcategory !== (input.subcategoryId ?? null)
              ) {
                values = {
                  categoryId: input.categoryId,
                  subcategoryId: input.subcategoryId ?? null,
                };
              }
              break;
            case 'add-tag':
              if (
                !before.tags.some((tag) => tag.toLowerCase() === input.tag.trim().toLowerCase())
              ) {
                values = { tags: [...before.tags, input.tag.trim()] };
              }
              break;
            case 'remove-tag': {
              const kept = before.tags.filter(
                (tag) => tag.toLowerCase() !== input.tag.trim().toLowerCase(),
              );
              if (kept.length !== before.tags.length) values = { tags: kept };
              break;
            }
          }
          if (!values) continue;
          await write(tx, id, { ...productInputOf(before), ...values });
          const after = (await repository.find(tx, id))!;
          await recordAudit(tx, actor, {
            action: `product.bulk-${input.action}`,
            entity: 'product',
            entityId: id,
            before,
            after,
          });
          changedIds.push(id);
        }
        return changedIds;
      });
      if (changed.length > 0) await catalogueChanged(productTags(changed));
      return { updated: changed.length };
    },
  };
}

export type ProductsAdminService = ReturnType<typeof createProductsAdminService>;
