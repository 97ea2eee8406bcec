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
  const reviews = createReviewsService({
    db: ctx.db,
    repository: createReviewsRepository(ctx.db),
    orders: needs.orders,
    findProduct: async (productId) => {
      try {
        const { value } = await catalogue.getProduct(productId);
        const sizes = value.colors.flatMap((color) => color.sizeStock.map((entry) => entry.size));
        return { id: value._id, sizes: [...new Set(sizes)] };
      } catch {
        return undefined;
      }
    },
    // The product's own chart decides its sister sizes once charts carry their rows.
    sisterSizes: async () => [],
    // Her usual size, once the profile keeps one.
    usualSize: async () => null,
    recordRatings: (tx, productId, ratings) => catalogue.recordRatings(tx, productId, ratings),
    catalogueChanged: (tags) => ctx.catalogueChanges.changed(tags),
    storePhoto: (actor, bytes) => needs.mediaLibrary.upload(actor, bytes),
    outbox: needs.outbox,
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
