import type {
  Category,
  FeaturedCard,
  Product,
  ProductFacets,
  ProductList,
  Subcategory,
} from '@shop/contracts/catalogue';
import { averageRating, priceBands } from '@shop/domain/catalogue';
import { paiseToRupees } from '@shop/domain/money';
import { notFound } from '@shop/domain/errors';
import { genericNameOfGroup } from '@shop/domain/products';
import {
  isEligibleForOffer,
  offerMessages,
  type Offer,
  type OfferProduct,
} from '@shop/domain/offers';
import type { OfferBadge } from '@shop/contracts/offers';
import type { Serialized } from '../../http/envelope.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { ReadCache } from '../../http/read-cache.ts';
import { createCatalogueIndex, type IndexScope, type ProductDocument } from './catalogue-index.ts';
import type { SizeChartData } from '@shop/domain/size-charts';
import type { categories, subcategories } from '../../db/schema.ts';
import type {
  CatalogueRepository,
  FacetRow,
  ProductFacts,
  ProductFilters,
  ProductRow,
} from './catalogue.repository.ts';

export type { ProductFacts };

/**
 * What other features read of the catalogue's products (the facts carts, wishlists and orders
 * show): they are handed this, never the catalogue's repository.
 */
export interface CatalogueFacts {
  findProductFacts(executor: Executor, ids: string[]): Promise<ProductFacts[]>;
}
import type { ProductSort } from '@shop/domain/catalogue';
import { parseSearchQuery } from '@shop/domain/search-terms';

type CategoryRow = typeof categories.$inferSelect;
type SubcategoryRow = typeof subcategories.$inferSelect;

export interface ListProductsInput {
  page: number;
  limit: number;
  sort: ProductSort;
  filters: ProductFilters;
  /** A live offer's address: only the products it covers. */
  offer?: string | undefined;
}

/** What the catalogue asks of offers: each product's badge, and an offer's products. */
export interface CatalogueOffers {
  current(): Promise<Offer[]>;
  activeBySlug(slug: string): Promise<Offer | undefined>;
  badgeOf(offers: readonly Offer[], product: OfferProduct): OfferBadge;
}

/** The badge's facts of a product answer. */
const offerProductOf = (product: Product): OfferProduct => ({
  productId: product._id,
  categoryId: product.category,
  subcategoryId: product.subcategory,
  tags: product.tags,
});

/**
 * A product answer with its offer's badge, its JSON made once spliced with the badge: the badge
 * follows the offers live now, whatever copy of the product is kept.
 */
function withBadge(document: { product: Product; json: string }, offer: OfferBadge) {
  return {
    product: { ...document.product, offer },
    json: `${document.json.slice(0, -1)},"offer":${JSON.stringify(offer)}}`,
  };
}

export interface Paged<T> {
  data: T[];
  totalPages: number;
  currentPage: number;
  total: number;
}

const toIso = (value: string | Date) => new Date(value).toISOString();

export function toProduct(row: ProductRow): Product {
  const colors = row.colors.map((color) => ({
    _id: color.id,
    colorName: color.colorName,
    colorHex: color.colorHex,
    images: color.images,
    imageAlts: color.imageAlts,
    sizeStock: color.sizeStock,
  }));
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    subheading: row.subheading,
    description: row.description,
    price: paiseToRupees(row.price_paise),
    originalPrice:
      row.original_price_paise === null ? null : paiseToRupees(row.original_price_paise),
    rating: averageRating(row.ratings),
    ratings: row.ratings,
    reviewCount: row.ratings.length,
    images: colors.flatMap((color) => color.images),
    imageAlts: colors.flatMap((color) => color.imageAlts),
    colors,
    tags: row.tags,
    specifications: row.specifications,
    sizeChart: row.size_chart_image ? { image: row.size_chart_image } : null,
    sizeChartId: row.size_chart_id,
    brand: row.brand,
    category: row.category_id,
    subcategory: row.subcategory_id,
    categoryName: row.category_name,
    subcategoryName: row.subcategory_name,
    categorySlug: row.category_slug,
    subcategorySlug: row.subcategory_slug,
    inStock: colors.some((color) => color.sizeStock.some((entry) => entry.stock > 0)),
    isActive: row.is_active,
    createdAt: toIso(row.created_at),
    countryOfOrigin: row.country_of_origin,
    manufacturer: row.manufacturer,
    genericName: row.generic_name || genericNameOfGroup(row.subcategory_name ?? row.category_name),
    netQuantity: row.net_quantity,
  };
}

export function toCategory(row: CategoryRow): Category {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSubcategory(row: {
  subcategory: SubcategoryRow;
  category: CategoryRow;
}): Subcategory {
  return {
    _id: row.subcategory.id,
    name: row.subcategory.name,
    slug: row.subcategory.slug,
    description: row.subcategory.description,
    category: { _id: row.category.id, name: row.category.name, slug: row.category.slug },
    isActive: row.subcategory.isActive,
    createdAt: row.subcategory.createdAt.toISOString(),
  };
}

/**
 * A scope's facets and their JSON text, made once per facet rows the index answers (it keeps a
 * browse scope's rows until the next change).
 */
const facetsOfRows = new WeakMap<FacetRow[], { facets: ProductFacets; json: string }>();
function facetsWithText(rows: FacetRow[]) {
  let made = facetsOfRows.get(rows);
  if (!made) {
    const facets = toFacets(rows);
    made = { facets, json: JSON.stringify(facets) };
    facetsOfRows.set(rows, made);
  }
  return made;
}

function toFacets(rows: FacetRow[]): ProductFacets {
  const byCount = (a: { count: number; value: string }, b: { count: number; value: string }) =>
    b.count - a.count || a.value.localeCompare(b.value);
  const pick = (facet: FacetRow['facet']) => rows.filter((row) => row.facet === facet);
  const bandCounts = new Map(pick('price').map((row) => [row.value, row.count]));
  return {
    // Sizes keep a natural order (bands then cups, XS..XXL) rather than popularity.
    sizes: pick('size')
      .map((row) => ({ value: row.value, count: row.count }))
      .sort((a, b) => sizeRank(a.value) - sizeRank(b.value) || a.value.localeCompare(b.value)),
    colors: pick('color')
      .map((row) => ({ value: row.value, count: row.count, colorHex: row.color_hex ?? '#000000' }))
      .sort(byCount),
    tags: pick('tag')
      .map((row) => ({ value: row.value, count: row.count }))
      .sort(byCount),
    priceBands: priceBands
      .filter((band) => bandCounts.has(band))
      .map((band) => ({ value: band, count: bandCounts.get(band) ?? 0 })),
  };
}

const letterSizes = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];
function sizeRank(size: string): number {
  const upper = size.toUpperCase();
  const letter = letterSizes.indexOf(upper);
  if (letter >= 0) return letter;
  const band = /^(\d{2})([A-Z]+)$/.exec(upper);
  if (band) return 100 + Number(band[1]) * 10 + (band[2]?.charCodeAt(0) ?? 0) - 65;
  return 1000;
}

function paginate<T>(items: T[], page: number, limit: number): Paged<T> {
  const total = items.length;
  return {
    data: items.slice((page - 1) * limit, page * limit),
    totalPages: Math.max(1, Math.ceil(total / limit)),
    currentPage: page,
    total,
  };
}

/**
 * `cache` (the app's read cache) tells the in-memory catalogue model what changed, so it reloads
 * exactly that before its next answer.
 */
export function createCatalogueService(
  db: Database,
  repository: CatalogueRepository,
  cache?: ReadCache,
  /** Every size chart by id (the size charts service's), for the size filter's sister sizes. */
  loadCharts?: () => Promise<Map<string, SizeChartData>>,
  offers?: CatalogueOffers,
) {
  /** Documents with their badges, from the offers read once for the whole answer. */
  async function badged(documents: ProductDocument[]): Promise<ProductDocument[]> {
    if (!offers) return documents;
    const live = await offers.current();
    return documents.map((document) =>
      withBadge(document, offers.badgeOf(live, offerProductOf(document.product))),
    );
  }

  /** The listing's filters with the offer's, or 404 for an address that is not live. */
  async function filtersOf(input: ListProductsInput): Promise<ProductFilters> {
    if (!input.offer) return input.filters;
    const offer = offers ? await offers.activeBySlug(input.offer) : undefined;
    if (!offer) throw notFound(offerMessages.notFound);
    const key = JSON.stringify([
      offer.categoryIds,
      offer.subcategoryIds,
      offer.tags,
      offer.productIds,
      offer.excludedProductIds,
    ]);
    return {
      ...input.filters,
      offer: { key, covers: (product) => isEligibleForOffer(offer, product) },
    };
  }

  const index = createCatalogueIndex(db, repository, {
    toProduct,
    maxDocuments: 20_000,
    ...(loadCharts ? { loadCharts } : {}),
  });
  cache?.onInvalidate((tags) => index.invalidate(tags));

  /** Active category and subcategory ids, for checking a list's scope without a query. */
  let activeGroups: Promise<{ categories: Set<string>; subcategories: Set<string> }> | undefined;
  cache?.onInvalidate((tags) => {
    if (!tags || tags.includes('categories')) activeGroups = undefined;
  });
  function groups() {
    activeGroups ??= (async () => ({
      categories: new Set((await repository.listCategories(db)).map((row) => row.id)),
      subcategories: new Set(
        (await repository.listSubcategories(db)).map((row) => row.subcategory.id),
      ),
    }))().catch((error: unknown) => {
      activeGroups = undefined;
      throw error;
    });
    return activeGroups;
  }

  async function listProducts(
    scope: IndexScope,
    input: ListProductsInput,
  ): Promise<Serialized<ProductList>> {
    const pages = (total: number) => Math.ceil(total / input.limit);
    // Search finds and ranks its matches; browsing starts from a category, subcategory or
    // everything. Either way the in-memory model filters, sorts, pages and counts, and the
    // database is asked only for documents not already in memory.
    const filters = await filtersOf(input);
    const [{ ids, total }, facetRows] = await Promise.all([
      index.page(scope, filters, input.sort, input.page, input.limit),
      index.facets(scope),
    ]);
    const documents = await badged(withSizeMatches(await index.documents(ids), input.filters));
    const facets = facetsWithText(facetRows);
    const figures = { total, page: input.page, pages: pages(total) };
    return {
      value: {
        products: documents.map((document) => document.product),
        ...figures,
        facets: facets.facets,
      },
      // The documents' and facets' JSON are joined as made once; only the page's own figures
      // (and a size filter's matches) are serialized.
      json: `{"products":[${documents.map((document) => document.json).join(',')}],${JSON.stringify(figures).slice(1, -1)},"facets":${facets.json}}`,
    };
  }

  /**
   * On a list filtered by her size, each card says which of its sizes matched: hers, or a sister
   * size. The kept document's JSON gains the field at its end rather than being serialized again.
   */
  function withSizeMatches(documents: ProductDocument[], filters: ProductFilters) {
    const size = filters.size;
    if (!size) return documents;
    return documents.map((document) => {
      const match = index.sizeMatch(document.product._id, size, filters.sisterSizes === true);
      if (!match) return document;
      return {
        product: { ...document.product, sizeMatch: match },
        json: `${document.json.slice(0, -1)},"sizeMatch":${JSON.stringify(match)}}`,
      };
    });
  }

  async function requireCategory(id: string) {
    const category = await repository.findCategory(db, id);
    if (!category) throw notFound('Category not found');
    return category;
  }

  async function requireSubcategory(id: string) {
    const row = await repository.findSubcategory(db, id);
    if (!row) throw notFound('Subcategory not found');
    return row;
  }

  return {
    /** Loads the in-memory list index. */
    warm: () => index.warm(),

    /**
     * Sets a product's stars from its approved reviews' ratings (the reviews feature calls it in
     * the transaction that approves or takes down a review, then announces the change).
     */
    recordRatings: (tx: Executor, productId: string, ratings: number[]) =>
      repository.recordRatings(tx, productId, ratings),

    async featuredProducts(): Promise<FeaturedCard[]> {
      const groups = await repository.findFeatured(db);
      const products = new Map(
        (
          await repository.findProductsByIds(
            db,
            groups.map((group) => group.product_id),
          )
        ).map((row) => [row.id, toProduct(row)]),
      );
      const live = offers ? await offers.current() : [];
      return groups.flatMap(({ product_id, label }) => {
        const product = products.get(product_id);
        if (!product) return [];
        const { _id, name, price, originalPrice } = product;
        const offer = offers ? offers.badgeOf(live, offerProductOf(product)) : null;
        return [{ _id, name, image: product.images[0] ?? '', price, originalPrice, label, offer }];
      });
    },

    listAllProducts: (input: ListProductsInput) => listProducts({ kind: 'all' }, input),

    searchProducts: (q: string, input: ListProductsInput) =>
      listProducts({ kind: 'search', search: parseSearchQuery(q) }, input),

    async listProductsByCategory(categoryId: string, input: ListProductsInput) {
      if (!(await groups()).categories.has(categoryId)) throw notFound('Category not found');
      return listProducts({ kind: 'category', categoryId }, input);
    },

    /** Only active products, whatever `isActive` the caller asks for: deactivated ones are not for sale. */
    async listProductsBySubcategory(subcategoryId: string, input: ListProductsInput) {
      if (!(await groups()).subcategories.has(subcategoryId)) {
        throw notFound('Subcategory not found');
      }
      return listProducts({ kind: 'subcategory', subcategoryId }, input);
    },

    async getProduct(id: string): Promise<Serialized<Product>> {
      const [found] = await index.documents([id]);
      if (!found) throw notFound('Product not found');
      const [document] = await badged([found]);
      return { value: document!.product, json: document!.json };
    },

    async getColorSizes(productId: string, colorName: string) {
      const [document] = await index.documents([productId]);
      if (!document) throw notFound('Product not found');
      const product = document.product;
      const wanted = colorName.toLowerCase();
      const color = product.colors.find(
        (candidate) => candidate.colorName.toLowerCase() === wanted,
      );
      if (!color) throw notFound('Color not found for this product');
      return { colorName: color.colorName, colorHex: color.colorHex, sizes: color.sizeStock };
    },

    listCategories: async () => (await repository.listCategories(db)).map(toCategory),

    async listCategoriesPage(page: number, limit: number) {
      return paginate((await repository.listCategories(db)).map(toCategory), page, limit);
    },

    async searchCategories(q: string) {
      if (q === '') return [];
      return (await repository.searchCategories(db, q)).map(toCategory);
    },

    async getCategory(id: string) {
      return toCategory(await requireCategory(id));
    },

    async listSubcategories(q?: string) {
      return (await repository.listSubcategories(db, q ? { q } : {})).map(toSubcategory);
    },

    async listSubcategoriesPage(page: number, limit: number) {
      const rows = (await repository.listSubcategories(db)).map(toSubcategory);
      return paginate(rows, page, limit);
    },

    async listSubcategoriesOfCategory(categoryId: string) {
      await requireCategory(categoryId);
      return (await repository.listSubcategories(db, { categoryId })).map(toSubcategory);
    },

    async getSubcategory(id: string) {
      return toSubcategory(await requireSubcategory(id));
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
