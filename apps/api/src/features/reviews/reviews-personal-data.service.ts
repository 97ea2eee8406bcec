import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** Her reviews as her download shows them. */
export function createReviewsPersonalData() {
  return {
    /** Her reviews, whatever their state (pending, approved, rejected), in the caller's `tx`. */
    async exportFor(tx: Executor, userId: string) {
      return queryRows<{
        productName: string;
        rating: number;
        title: string;
        text: string;
        state: string;
        sizeBought: string;
        createdAt: Date;
      }>(
        tx,
        sql`select p.name as "productName", r.rating, r.title, r.text, r.state,
                   r.size_bought as "sizeBought", r.created_at as "createdAt"
            from reviews r join products p on p.id = r.product_id
            where r.user_id = ${userId} order by r.created_at`,
      );
    },
  };
}

export type ReviewsPersonalData = ReturnType<typeof createReviewsPersonalData>;
