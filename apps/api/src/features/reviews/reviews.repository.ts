import { and, eq, sql } from 'drizzle-orm';
import type { ReviewSort, ReviewState } from '@shop/domain/reviews';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import {
  reviewHelpfulVotes,
  reviewMailOptOuts,
  reviewPhotos,
  reviewRequests,
  reviews,
} from '../../db/schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;

/** A review with its author's name as the lists show it. */
export interface ReviewWithAuthor extends ReviewRow {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** A moderation desk row: the review, its author and its product. */
export interface QueueRow extends ReviewWithAuthor {
  productName: string;
  productSlug: string;
  productImage: string | null;
  /** The review's submission time as PostgreSQL writes it (the keyset cursor's key). */
  submittedKey: string;
}

const ORDER_BY: Record<ReviewSort, ReturnType<typeof sql>> = {
  newest: sql`r.created_at desc, r.id desc`,
  helpful: sql`r.helpful_count desc, r.created_at desc, r.id desc`,
  'rating-high': sql`r.rating desc, r.created_at desc, r.id desc`,
  'rating-low': sql`r.rating asc, r.created_at desc, r.id desc`,
};

/** The columns of a review row as drizzle names them, for raw selects. */
const REVIEW_COLUMNS = sql`r.id, r.product_id as "productId", r.order_item_id as "orderItemId",
  r.user_id as "userId", r.demo_author as "demoAuthor", r.order_number as "orderNumber",
  r.state, r.rating, r.title, r.text, r.recommend, r.anonymous, r.size_bought as "sizeBought",
  r.usual_size as "usualSize", r.fit_overall as "fitOverall", r.fit_band as "fitBand",
  r.fit_cup as "fitCup", r.flags, r.reason_code as "reasonCode", r.reply_text as "replyText",
  r.reply_public as "replyPublic", r.replied_at as "repliedAt", r.helpful_count as "helpfulCount",
  r.submitted_at as "submittedAt", r.decided_at as "decidedAt", r.created_at as "createdAt",
  r.updated_at as "updatedAt", u.first_name as "firstName", u.last_name as "lastName",
  u.email`;

function withDates<T extends ReviewRow>(row: T): T {
  return {
    ...row,
    repliedAt: row.repliedAt && new Date(row.repliedAt),
    submittedAt: new Date(row.submittedAt),
    decidedAt: row.decidedAt && new Date(row.decidedAt),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}

export function createReviewsRepository(db: Database) {
  return {
    /** Inserts a review; undefined when its order line already has one (the unique index). */
    async insert(tx: Executor, values: NewReview): Promise<ReviewRow | undefined> {
      const [row] = await tx
        .insert(reviews)
        .values(values)
        .onConflictDoNothing({ target: reviews.orderItemId })
        .returning();
      return row;
    },

    async lock(tx: Executor, id: string): Promise<ReviewRow | undefined> {
      const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      return row;
    },

    async update(tx: Executor, id: string, values: Partial<NewReview>): Promise<ReviewRow> {
      const [row] = await tx
        .update(reviews)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(reviews.id, id))
        .returning();
      return row!;
    },

    /** Notes that the shopper uploaded this photo (so only she may attach it). */
    async recordUpload(mediaId: string, userId: string): Promise<void> {
      await db.insert(reviewPhotos).values({ mediaId, userId }).onConflictDoNothing();
    },

    /**
     * Attaches her uploaded photos to the review in this order, detaching any it had; answers
     * how many were hers and free (attached to no other review).
     */
    async attachPhotos(
      tx: Executor,
      reviewId: string,
      userId: string,
      mediaIds: string[],
    ): Promise<number> {
      await tx
        .update(reviewPhotos)
        .set({ reviewId: null })
        .where(eq(reviewPhotos.reviewId, reviewId));
      let attached = 0;
      for (const [position, mediaId] of mediaIds.entries()) {
        const rows = await tx
          .update(reviewPhotos)
          .set({ reviewId, position })
          .where(
            and(
              eq(reviewPhotos.mediaId, mediaId),
              eq(reviewPhotos.userId, userId),
              sql`${reviewPhotos.reviewId} is null`,
            ),
          )
          .returning({ mediaId: reviewPhotos.mediaId });
        attached += rows.length;
      }
      return attached;
    },

    /** The attached photos' media ids of these reviews, in their order. */
    async photosOf(reviewIds: string[]): Promise<Map<string, string[]>> {
      const byReview = new Map<string, string[]>();
      if (reviewIds.length === 0) return byReview;
      const rows = await queryRows<{ reviewId: string; mediaId: string }>(
        db,
        sql`select review_id as "reviewId", media_id as "mediaId" from review_photos
            where review_id = any(${`{${reviewIds.join(',')}}`}::uuid[])
            order by position`,
      );
      for (const row of rows) {
        byReview.set(row.reviewId, [...(byReview.get(row.reviewId) ?? []), row.mediaId]);
      }
      return byReview;
    },

    /** The ratings of a product's approved reviews (what its stars are made of). */
    async approvedRatings(tx: Executor, productId: string): Promise<number[]> {
      const rows = await queryRows<{ rating: number }>(
        tx,
        sql`select rating from reviews where product_id = ${productId} and state = 'approved'
            order by created_at, id`,
      );
      return rows.map((row) => row.rating);
    },

    /** Rating and fit of every approved review of a product: the summary's inputs. */
    async approvedFacts(productId: string) {
      return queryRows<{
        rating: number;
        fitOverall: number | null;
        fitBand: ReviewRow['fitBand'];
        fitCup: ReviewRow['fitCup'];
      }>(
        db,
        sql`select rating, fit_overall as "fitOverall", fit_band as "fitBand", fit_cup as "fitCup"
            from reviews where product_id = ${productId} and state = 'approved'`,
      );
    },

    /** A page of a product's approved reviews, of the sizes given (all when null), and the total. */
    async approvedPage(
      productId: string,
      sizes: string[] | null,
      sort: ReviewSort,
      offset: number,
      limit: number,
    ): Promise<{ rows: ReviewWithAuthor[]; total: number }> {
      const sizeFilter = sizes
        ? sql`and upper(r.size_bought) = any(${`{${sizes.map((size) => size.toUpperCase()).join(',')}}`}::text[])`
        : sql``;
      const [rows, [count]] = await Promise.all([
        queryRows<ReviewWithAuthor>(
          db,
          sql`select ${REVIEW_COLUMNS} from reviews r left join users u on u.id = r.user_id
              where r.product_id = ${productId} and r.state = 'approved' ${sizeFilter}
              order by ${ORDER_BY[sort]} limit ${limit} offset ${offset}`,
        ),
        queryRows<{ total: number }>(
          db,
          sql`select count(*)::int as total from reviews r
              where r.product_id = ${productId} and r.state = 'approved' ${sizeFilter}`,
        ),
      ]);
      return { rows: rows.map(withDates), total: count?.total ?? 0 };
    },

    /** The shopper's reviews of a product, newest first. */
    async ofUserAndProduct(userId: string, productId: string): Promise<ReviewWithAuthor[]> {
      const rows = await queryRows<ReviewWithAuthor>(
        db,
        sql`select ${REVIEW_COLUMNS} from reviews r left join users u on u.id = r.user_id
            where r.user_id = ${userId} and r.product_id = ${productId}
            order by r.created_at desc`,
      );
      return rows.map(withDates);
    },

    async findWithAuthor(tx: Executor, id: string): Promise<ReviewWithAuthor | undefined> {
      const [row] = await queryRows<ReviewWithAuthor>(
        tx,
        sql`select ${REVIEW_COLUMNS} from reviews r left join users u on u.id = r.user_id
            where r.id = ${id}`,
      );
      return row && withDates(row);
    },

    /**
     * The first "helpful" of this account for this review counts once: answers the review's
     * count after the vote (unchanged for a repeat).
     */
    async voteHelpful(tx: Executor, reviewId: string, userId: string): Promise<number> {
      const inserted = await tx
        .insert(reviewHelpfulVotes)
        .values({ reviewId, userId })
        .onConflictDoNothing()
        .returning({ reviewId: reviewHelpfulVotes.reviewId });
      const [row] =
        inserted.length > 0
          ? await tx
              .update(reviews)
              .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
              .where(eq(reviews.id, reviewId))
              .returning({ helpfulCount: reviews.helpfulCount })
          : await tx
              .select({ helpfulCount: reviews.helpfulCount })
              .from(reviews)
              .where(eq(reviews.id, reviewId));
      return row?.helpfulCount ?? 0;
    },

    /** The moderation queue of one state, oldest submission first, after the cursor. */
    async queue(
      filter: { state: ReviewState } | { id: string },
      after: { key: string; id: string } | undefined,
      limit: number,
    ): Promise<QueueRow[]> {
      const rows = await queryRows<QueueRow>(
        db,
        sql`select ${REVIEW_COLUMNS}, p.name as "productName", p.slug as "productSlug",
                   (select ci.url from product_color_images ci
                      join product_colors c on c.id = ci.color_id
                     where c.product_id = p.id order by c.position, ci.position limit 1)
                     as "productImage",
                   r.submitted_at::text as "submittedKey"
            from reviews r
            join products p on p.id = r.product_id
            left join users u on u.id = r.user_id
            where ${'id' in filter ? sql`r.id = ${filter.id}` : sql`r.state = ${filter.state}`}
              ${after ? sql`and (r.submitted_at, r.id) > (${after.key}::timestamptz, ${after.id}::uuid)` : sql``}
            order by r.submitted_at, r.id
            limit ${limit}`,
      );
      return rows.map(withDates);
    },

    /** Marks the order's review request as queued; false when it already was (once per order). */
    async claimRequest(tx: Executor, orderId: string): Promise<boolean> {
      const rows = await tx
        .insert(reviewRequests)
        .values({ orderId })
        .onConflictDoNothing()
        .returning({ orderId: reviewRequests.orderId });
      return rows.length > 0;
    },

    /** Which of these orders already had their review request. */
    async requested(orderIds: string[]): Promise<Set<string>> {
      if (orderIds.length === 0) return new Set();
      const rows = await queryRows<{ orderId: string }>(
        db,
        sql`select order_id as "orderId" from review_requests
            where order_id = any(${`{${orderIds.join(',')}}`}::uuid[])`,
      );
      return new Set(rows.map((row) => row.orderId));
    },

    async optOut(userId: string): Promise<void> {
      await db.insert(reviewMailOptOuts).values({ userId }).onConflictDoNothing();
    },

    async optedOut(tx: Executor, userId: string): Promise<boolean> {
      const rows = await tx
        .select({ userId: reviewMailOptOuts.userId })
        .from(reviewMailOptOuts)
        .where(eq(reviewMailOptOuts.userId, userId));
      return rows.length > 0;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
