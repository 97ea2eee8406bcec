import type { CatalogueService } from '../features/catalogue/catalogue.service.ts';
import type { SizeChartsService } from '../features/catalogue/size-charts.service.ts';
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

/** Product reviews: the shopper's side, the moderation desk, and the review request mail. */
export function reviewFeatures(
  ctx: ShopContext,
  needs: {
    guards: AuthGuards;
    outbox: MailOutbox;
    orders: OrderLookups;
    catalogue: CatalogueService;
    mediaLibrary: MediaLibraryService;
    sizeCharts: SizeChartsService;
  },
): FeatureGroup<{ reviews: ReviewsService }, 'sendReviewRequests'> {
  const { guards, catalogue } = needs;
  async function findProduct(productId: string) {
    try {
      const { value } = await catalogue.getProduct(productId);
      const sizes = value.colors.flatMap((color) => color.sizeStock.map((entry) => entry.size));
      return { id: value._id, sizes: [...new Set(sizes)], sizeChartId: value.sizeChartId };
    } catch {
      return undefined;
    }
  }
  const reviews = createReviewsService({
    db: ctx.db,
    repository: createReviewsRepository(ctx.db),
    orders: needs.orders,
    findProduct,
    // The product's own chart; one without a chart reads its sizes in the shop's default bra
    // chart, as the size finder does.
    sizeChartOf: async (productId) => {
      const product = await findProduct(productId);
      if (!product) return null;
      const own = product.sizeChartId ? await needs.sizeCharts.chart(product.sizeChartId) : null;
      return own ?? (await needs.sizeCharts.defaultBraChart());
    },
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
