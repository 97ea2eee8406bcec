import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cataloguePaginationQuery,
  categoryIdParams,
  categoryListResponse,
  categoryPageResponse,
  categoryResponse,
  categorySearchQuery,
  colorSizesResponse,
  featuredProductsResponse,
  idParams,
  optionalPaginationQuery,
  productColorParams,
  productIdParams,
  productListQuery,
  productListResponse,
  productResponse,
  productSearchQuery,
  subcategoryIdParams,
  subcategoryListQuery,
  subcategoryListResponse,
  subcategoryPageResponse,
  subcategoryProductsQuery,
  subcategoryResponse,
  type ProductListQuery,
} from '@shop/contracts/catalogue';
import { ok, sendOk } from '../../http/envelope.ts';
import type { CatalogueService } from './catalogue.service.ts';

/** Categories and subcategories: emptied when one of them changes. */
const categoryAnswers = { catalogueCache: ['categories' as const] };
/**
 * Product lists, search and facets: emptied by any product, stock or category change, and by an
 * offer's (each product carries its offer's badge).
 */
const listAnswers = { catalogueCache: ['lists' as const, 'offers' as const] };
/** One product's own answers: emptied when that product or its stock changes. */
const productAnswers = (id: (params: Record<string, string>) => string) => ({
  catalogueCache: (request: FastifyRequest) => [
    `product:${id(request.params as Record<string, string>)}` as const,
    'offers' as const,
  ],
});

function listInput(query: ProductListQuery) {
  const { page, limit, sort, price, size, sisterSizes, color, tag, offer } = query;
  return { page, limit, sort, filters: { price, size, sisterSizes, color, tag }, offer };
}

export function catalogueRoutes(service: CatalogueService): FastifyPluginAsyncZod {
  return async (app) => {
    // ----- categories -----
    app.get(
      '/category',
      {
        config: categoryAnswers,
        schema: {
          tags: ['catalogue'],
          querystring: optionalPaginationQuery,
          // The paged shape first: a union serializes with the first schema that fits.
          response: { 200: categoryPageResponse.or(categoryListResponse) },
        },
      },
      async (request) => {
        const { page, limit } = request.query;
        if (page === undefined && limit === undefined) {
          return ok(await service.listCategories(), 'Categories fetched successfully');
        }
        const paged = await service.listCategoriesPage(page ?? 1, limit ?? 10);
        return { ...ok(paged.data, 'Categories fetched successfully'), ...metaOf(paged) };
      },
    );

    app.get(
      '/category/search',
      {
        config: categoryAnswers,
        schema: {
          tags: ['catalogue'],
          querystring: categorySearchQuery,
          response: { 200: categoryListResponse },
        },
      },
      async (request) => ok(await service.searchCategories(request.query.q), 'Categories found'),
    );

    app.get(
      '/category/:id',
      {
        config: categoryAnswers,
        schema: {
          tags: ['catalogue'],
          params: idParams('category'),
          response: { 200: categoryResponse },
        },
      },
      async (request) =>
        ok(await service.getCategory(request.params.id), 'Category fetched successfully'),
    );

    // ----- subcategories (under both spellings, /sub-category and /subcategory) -----
    for (const base of ['/sub-category', '/subcategory']) {
      app.get(
        base,
        {
          config: categoryAnswers,
          schema: {
            tags: ['catalogue'],
            querystring: subcategoryListQuery,
            response: { 200: subcategoryListResponse },
          },
        },
        async (request) =>
          ok(
            await service.listSubcategories(request.query.q),
            'Subcategories fetched successfully',
          ),
      );

      app.get(
        `${base}/paginated`,
        {
          config: categoryAnswers,
          schema: {
            tags: ['catalogue'],
            querystring: cataloguePaginationQuery,
            response: { 200: subcategoryPageResponse },
          },
        },
        async (request) => {
          const paged = await service.listSubcategoriesPage(
            request.query.page,
            request.query.limit,
          );
          return { ...ok(paged.data, 'Subcategories fetched successfully'), ...metaOf(paged) };
        },
      );

      app.get(
        `${base}/category/:categoryId`,
        {
          config: categoryAnswers,
          schema: {
            tags: ['catalogue'],
            params: categoryIdParams,
            response: { 200: subcategoryListResponse },
          },
        },
        async (request) =>
          ok(
            await service.listSubcategoriesOfCategory(request.params.categoryId),
            'Subcategories fetched successfully',
          ),
      );

      app.get(
        `${base}/:id`,
        {
          config: categoryAnswers,
          schema: {
            tags: ['catalogue'],
            params: idParams('subcategory'),
            response: { 200: subcategoryResponse },
          },
        },
        async (request) =>
          ok(await service.getSubcategory(request.params.id), 'Subcategory fetched successfully'),
      );
    }

    // ----- products -----
    app.get(
      '/product/featured',
      {
        config: { catalogueCache: ['lists', 'categories', 'offers'] },
        schema: {
          tags: ['catalogue'],
          description:
            "The home page's FEATURED PRODUCTS in one call: the first product of each subcategory, or of each category without subcategories.",
          response: { 200: featuredProductsResponse },
        },
      },
      async () => ok(await service.featuredProducts(), 'Featured products fetched successfully'),
    );

    app.get(
      '/product/products',
      {
        config: listAnswers,
        schema: {
          tags: ['catalogue'],
          querystring: productListQuery,
          response: { 200: productListResponse },
        },
      },
      async (request, reply) =>
        sendOk(
          reply,
          await service.listAllProducts(listInput(request.query)),
          'Products fetched successfully',
        ),
    );

    app.get(
      '/product/search',
      {
        config: listAnswers,
        schema: {
          tags: ['catalogue'],
          querystring: productSearchQuery,
          response: { 200: productListResponse },
        },
      },
      async (request, reply) =>
        sendOk(
          reply,
          await service.searchProducts(request.query.q, listInput(request.query)),
          'Products found',
        ),
    );

    app.get(
      '/product/category/:categoryId',
      {
        config: listAnswers,
        schema: {
          tags: ['catalogue'],
          params: categoryIdParams,
          querystring: productListQuery,
          response: { 200: productListResponse },
        },
      },
      async (request, reply) =>
        sendOk(
          reply,
          await service.listProductsByCategory(request.params.categoryId, listInput(request.query)),
          'Products fetched successfully',
        ),
    );

    app.get(
      '/product/subcategory/:subcategoryId',
      {
        config: listAnswers,
        schema: {
          tags: ['catalogue'],
          params: subcategoryIdParams,
          querystring: subcategoryProductsQuery,
          response: { 200: productListResponse },
        },
      },
      async (request, reply) =>
        sendOk(
          reply,
          await service.listProductsBySubcategory(
            request.params.subcategoryId,
            listInput(request.query),
          ),
          'Products fetched successfully',
        ),
    );

    app.get(
      '/product/:productId/colors/:colorName/sizes',
      {
        config: productAnswers((params) => params.productId!),
        schema: {
          tags: ['catalogue'],
          params: productColorParams,
          response: { 200: colorSizesResponse },
        },
      },
      async (request) =>
        ok(
          await service.getColorSizes(request.params.productId, request.params.colorName),
          'Sizes fetched successfully',
        ),
    );

    app.get(
      '/product/:id',
      {
        config: productAnswers((params) => params.id!),
        schema: {
          tags: ['catalogue'],
          params: productIdParams,
          response: { 200: productResponse },
        },
      },
      async (request, reply) =>
        sendOk(reply, await service.getProduct(request.params.id), 'Product fetched successfully'),
    );
  };
}

function metaOf(paged: { totalPages: number; currentPage: number; total: number }) {
  return { totalPages: paged.totalPages, currentPage: paged.currentPage, total: paged.total };
}
