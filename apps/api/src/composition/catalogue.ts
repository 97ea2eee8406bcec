import { createProductFacts, type ProductFactsSource } from '../features/cart/product-facts.ts';
import { createCatalogueRepository } from '../features/catalogue/catalogue.repository.ts';
import { catalogueRoutes } from '../features/catalogue/catalogue.routes.ts';
import {
  createCatalogueService,
  type CatalogueService,
} from '../features/catalogue/catalogue.service.ts';
import { categoriesAdminRoutes } from '../features/catalogue/categories.admin-routes.ts';
import { createCategoriesAdminRepository } from '../features/catalogue/categories-admin.repository.ts';
import { createCategoriesAdminService } from '../features/catalogue/categories-admin.service.ts';
import { productsAdminRoutes } from '../features/catalogue/products.admin-routes.ts';
import { createProductsAdminRepository } from '../features/catalogue/products-admin.repository.ts';
import { createProductsAdminService } from '../features/catalogue/products-admin.service.ts';
import { productsCsvAdminRoutes } from '../features/catalogue/products-csv.admin-routes.ts';
import { sizeChartsAdminRoutes } from '../features/catalogue/size-charts.admin-routes.ts';
import { createSizeChartsRepository } from '../features/catalogue/size-charts.repository.ts';
import { sizeChartsRoutes } from '../features/catalogue/size-charts.routes.ts';
import {
  createSizeChartsService,
  type SizeChartsService,
} from '../features/catalogue/size-charts.service.ts';
import { fitRoutes } from '../features/fit/fit.routes.ts';
import { createFitService } from '../features/fit/fit.service.ts';
import { createProductsCsvService } from '../features/catalogue/products-csv.service.ts';
import { bannersAdminRoutes } from '../features/content/banners.admin-routes.ts';
import { createBannersAdminService } from '../features/content/banners-admin.service.ts';
import { blogAdminRoutes } from '../features/content/blog.admin-routes.ts';
import { createBlogAdminService } from '../features/content/blog-admin.service.ts';
import { createContentRepository } from '../features/content/content.repository.ts';
import { contentRoutes } from '../features/content/content.routes.ts';
import { createContentService } from '../features/content/content.service.ts';
import { mediaAdminRoutes } from '../features/media/media.admin-routes.ts';
import { createMediaLibraryRepository } from '../features/media/media-library.repository.ts';
import {
  createMediaLibraryService,
  type MediaLibraryService,
} from '../features/media/media-library.service.ts';
import { createMediaService, type MediaService } from '../features/media/media.service.ts';
import { openMediaStore } from '../features/media/media-store.ts';
import { pagesAdminRoutes } from '../features/pages/pages.admin-routes.ts';
import { pagesRoutes } from '../features/pages/pages.routes.ts';
import { createPagesService } from '../features/pages/pages.service.ts';
import { offersAdminRoutes } from '../features/offers/offers.admin-routes.ts';
import { createOffersAdminService } from '../features/offers/offers-admin.service.ts';
import { offersRoutes } from '../features/offers/offers.routes.ts';
import { createLiveOffers, type LiveOffers } from '../features/offers/offers.service.ts';
import type { AuthGuards } from '../http/authenticate.ts';
import type { FeatureGroup } from './feature-group.ts';
import type { ShopContext } from './shop-context.ts';

export interface CatalogueServices {
  catalogue: CatalogueService;
  /** Product facts as carts, wishlists and orders show them. */
  productFacts: ProductFactsSource;
  media: MediaService;
  /** The photo library: every upload is stored through it (cleaned of its metadata). */
  mediaLibrary: MediaLibraryService;
  /** Size charts as data (the seed writes its charts through it). */
  sizeCharts: SizeChartsService;
  /** The offers carts, orders and badges apply. */
  offers: LiveOffers;
}

/** The catalogue and its back office, the shop's content and pages, and the photos. */
export async function catalogueFeatures(
  ctx: ShopContext,
  guards: AuthGuards,
): Promise<FeatureGroup<CatalogueServices, 'removeOrphanedMedia'>> {
  const { config, db, readCache } = ctx;
  const catalogueChanged = (tags: Parameters<typeof ctx.catalogueChanges.changed>[0]) =>
    ctx.catalogueChanges.changed(tags);
  const catalogueRepository = createCatalogueRepository();
  const sizeCharts = createSizeChartsService({
    db,
    repository: createSizeChartsRepository(),
    catalogueChanged,
    readCache,
  });
  // Offers are kept as long as catalogue answers, and dropped with them on an offer's change
  // (here and, through the change notices, in every other process).
  const offers = createLiveOffers(db, { ttlMs: config.catalogueCacheTtlMs });
  readCache.onInvalidate((tags) => {
    if (!tags || tags.includes('offers')) offers.forget();
  });
  const catalogue = createCatalogueService(
    db,
    catalogueRepository,
    readCache,
    () => sizeCharts.all(),
    offers,
  );
  const fit = createFitService({ catalogue, charts: sizeCharts });
  const content = createContentService(db, createContentRepository());
  const productFacts = createProductFacts(db, catalogueRepository, {
    ttlMs: config.catalogueCacheTtlMs,
    onInvalidate: readCache.onInvalidate,
  });
  const media = createMediaService({
    store: await openMediaStore(config, ctx.outbound.s3),
    renderConcurrency: config.mediaRenderConcurrency,
    onRenderError: (image, error) =>
      ctx.logError({ err: error, image }, 'Rendering an image failed'),
  });
  const mediaLibrary = createMediaLibraryService({
    db,
    repository: createMediaLibraryRepository(db),
    media,
    log: ctx.log,
  });
  const productsAdminRepository = createProductsAdminRepository();
  const productsAdmin = createProductsAdminService({
    db,
    repository: productsAdminRepository,
    catalogueChanged,
    newProductThreshold: () => ctx.settings.lowStockThreshold(),
  });
  const productsCsv = createProductsCsvService({
    db,
    repository: productsAdminRepository,
    products: productsAdmin,
    catalogueChanged,
  });
  const categoriesAdmin = createCategoriesAdminService({
    db,
    repository: createCategoriesAdminRepository(),
    catalogueChanged,
  });
  const pages = createPagesService({ db, catalogueChanged });
  return {
    services: { catalogue, productFacts, media, mediaLibrary, sizeCharts, offers },
    routes: [
      catalogueRoutes(catalogue),
      sizeChartsRoutes(sizeCharts),
      fitRoutes(fit, { throttle: ctx.throttle, rule: ctx.lookupLimits.sizeFinderRequests }),
      contentRoutes(content),
      pagesRoutes(pages),
      offersRoutes(offers),
    ],
    adminRoutes: [
      // The CSV's routes first: `export.csv` and `import` are not product ids.
      productsCsvAdminRoutes(productsCsv, guards),
      productsAdminRoutes(productsAdmin, guards),
      categoriesAdminRoutes(categoriesAdmin, guards),
      sizeChartsAdminRoutes(sizeCharts, guards),
      bannersAdminRoutes(createBannersAdminService({ db, catalogueChanged }), guards),
      blogAdminRoutes(createBlogAdminService({ db, catalogueChanged }), guards),
      mediaAdminRoutes(mediaLibrary, guards),
      pagesAdminRoutes(pages, guards),
      offersAdminRoutes(
        createOffersAdminService({ db, changed: () => catalogueChanged(['offers']) }),
        guards,
      ),
    ],
    jobs: {
      removeOrphanedMedia: {
        run: () => mediaLibrary.removeOrphans(),
        everyMs: 60 * 60_000,
        name: 'removing photos nothing refers to',
      },
    },
  };
}
