import {
  braChartRowsFor,
  looksLikeBraSize,
  splitBraSize,
  UK_CUPS,
  type SizeChartData,
} from '@shop/domain/size-charts';
import type { CatalogueService } from '../features/catalogue/catalogue.service.ts';
import type { MailOutbox } from '../features/mail/mail-outbox.ts';
import type { MediaLibraryService } from '../features/media/media-library.service.ts';
import type { OrderLookups } from '../features/orders/orders.service.ts';
import { reviewsAdminRoutes } from '../features/reviews/reviews.admin-routes.ts';
import { createReviewsRepository } from '../features/reviews/reviews.repository.ts';
import { reviewsRoutes } from '../features/reviews/reviews.routes.ts';
import { createReviewsService, type ReviewsService } from '../features/reviews/reviews.service.ts';
import type { AuthGuards } from '../http/authenticate.ts';
import { deriveKey } from '../security/derived-keys.ts';
import type { FeatureGroup } from './feature-group.ts';
import type { ShopContext } from './shop-context.ts';

/**
 * A product's bra chart as its own sizes draw it (the modern convention), until size charts
 * keep their rows in the database (a sister size the product does not sell has no reviews).
 * Null for a product with no bra sizes (letter sizes have no sisters).
 */
function chartOfSizes(productId: string, sizes: string[]): SizeChartData | null {
  const bra = sizes.flatMap((size) => {
    const split = looksLikeBraSize(size) ? splitBraSize(size) : null;
    return split ? [split] : [];
  });
  if (bra.length === 0) return null;
  // Every band and cup between the product's smallest and largest, so each size keeps its
  // place (a chart's steps are read from its neighbours).
  const low = Math.min(...bra.map((size) => size.band));
  const high = Math.max(...bra.map((size) => size.band));
  const bands = Array.from({ length: Math.floor((high - low) / 2) + 1 }, (_, at) => low + at * 2);
  const largest = Math.max(...bra.map((size) => UK_CUPS.indexOf(size.cup as never)));
  const cups = UK_CUPS.slice(1, Math.max(2, largest + 1));
  return {
    id: productId,
    name: 'Product sizes',
    kind: 'bra',
    image: null,
    rows: braChartRowsFor('modern', bands, cups),
  };
}

/** Product reviews: the shopper's side, the moderation desk, and the review request mail. */
export function reviewFeatures(
  ctx: ShopContext,
  needs: {
    guards: AuthGuards;
    outbox: MailOutbox;
    orders: OrderLookups;
    catalogue: CatalogueService;
    mediaLibrary: MediaLibraryService;
  },
): FeatureGroup<{ reviews: ReviewsService }, 'sendReviewRequests'> {
  const { guards, catalogue } = needs;
  async function findProduct(productId: string) {
    try {
      const { value } = await catalogue.getProduct(productId);
      const sizes = value.colors.flatMap((color) => color.sizeStock.map((entry) => entry.size));
      return { id: value._id, sizes: [...new Set(sizes)] };
    } catch {
      return undefined;
    }
  }
  const reviews = createReviewsService({
    db: ctx.db,
    repository: createReviewsRepository(ctx.db),
    orders: needs.orders,
    findProduct,
    sizeChartOf: async (productId) => {
      const product = await findProduct(productId);
      return product ? chartOfSizes(productId, product.sizes) : null;
    },
    // Her usual size, once the profile keeps one.
    usualSize: async () => null,
    recordRatings: (tx, productId, ratings) => catalogue.recordRatings(tx, productId, ratings),
    catalogueChanged: (tags) => ctx.catalogueChanges.changed(tags),
    storePhoto: (actor, bytes) => needs.mediaLibrary.upload(actor, bytes),
    outbox: needs.outbox,
    throttle: ctx.throttle,
    limits: ctx.limits,
    publicUrl: ctx.config.publicUrl,
    unsubscribeKey: deriveKey(ctx.config.jwtSecret, 'review-mail-unsubscribe'),
  });
  return {
    services: { reviews },
    routes: [reviewsRoutes(reviews, guards)],
    adminRoutes: [reviewsAdminRoutes(reviews, guards)],
    jobs: {
      sendReviewRequests: {
        run: () => reviews.sendReviewRequests(),
        everyMs: 60 * 60_000,
        name: 'mailing review requests a week after delivery',
      },
    },
  };
}
