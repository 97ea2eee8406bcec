import type { Product } from '@shop/contracts/catalogue';
import type { Database } from '../../db/client.ts';
import type { CacheTag } from '../../http/read-cache.ts';
import type { CatalogueRepository } from './catalogue.repository.ts';

/** A product as the API answers it, and the same as JSON text. */
export interface ProductDocument {
  product: Product;
  json: string;
}

/** How a product row becomes its document, and how many documents are kept at most. */
export interface ProductDocumentsOptions {
  toProduct: (
    row: Awaited<ReturnType<CatalogueRepository['findProductsByIds']>>[number],
  ) => Product;
  maxDocuments: number;
}

/**
 * The finished product documents the API answers with, least recently used first out past
 * `maxDocuments`: each serialized once, so lists are answered by joining texts. A change forgets
 * the documents it names, and documents read across a change serve that answer only.
 */
export function createProductDocuments(
  db: Database,
  repository: CatalogueRepository,
  options: ProductDocumentsOptions,
) {
  const documents = new Map<string, ProductDocument>();
  /** Counts the changes seen, so a read can tell whether one came while it waited. */
  let changes = 0;

  return {
    /** Forgets the documents the tags name (undefined or 'categories': every one). */
    invalidate(tags: CacheTag[] | undefined) {
      changes += 1;
      if (!tags || tags.includes('categories')) {
        documents.clear();
        return;
      }
      for (const tag of tags) {
        if (tag.startsWith('product:')) documents.delete(tag.slice('product:'.length));
      }
    },

    /** Active products' documents in the order of `ids`; unknown or inactive ids are left out. */
    async documents(ids: string[]): Promise<ProductDocument[]> {
      const missing = ids.filter((id) => !documents.has(id));
      let loaded = new Map<string, ProductDocument>();
      if (missing.length > 0) {
        const seen = changes;
        const rows = await repository.findProductsByIds(db, missing);
        loaded = new Map(
          rows
            .filter((row) => row.is_active)
            .map((row) => {
              const product = options.toProduct(row);
              return [row.id, { product, json: JSON.stringify(product) }];
            }),
        );
        // Documents read across a change may predate it: use them for this answer only.
        if (seen === changes) {
          for (const [id, document] of loaded) documents.set(id, document);
          while (documents.size > options.maxDocuments) {
            const oldest = documents.keys().next().value;
            if (oldest === undefined) break;
            documents.delete(oldest);
          }
        }
      }
      return ids.flatMap((id) => {
        const document = loaded.get(id) ?? documents.get(id);
        if (!document) return [];
        // Refresh recency, which matters only once the cap is near.
        if (!loaded.has(id) && documents.size >= options.maxDocuments * 0.9) {
          documents.delete(id);
          documents.set(id, document);
        }
        return [document];
      });
    },
  };
}

export type ProductDocuments = ReturnType<typeof createProductDocuments>;
