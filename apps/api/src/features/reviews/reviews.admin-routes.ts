import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  adminReviewResponse,
  adminReviewsQuery,
  adminReviewsResponse,
  reviewDecisionSchema,
} from '@shop/contracts/reviews';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { ReviewsService } from './reviews.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/** The moderation desk: staff read every review before shoppers see it, as the catalogue desk. */
export function reviewsAdminRoutes(
  service: ReviewsService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireRole('staff'));

    app.get(
      '/admin/reviews',
      { schema: { tags, querystring: adminReviewsQuery, response: { 200: adminReviewsResponse } } },
      async (request) => ok(await service.queue(request.query), 'Reviews fetched'),
    );

    app.patch(
      '/admin/reviews/:id',
      {
        schema: {
          tags,
          params: idParams,
          body: reviewDecisionSchema,
          response: { 200: adminReviewResponse },
        },
      },
      async (request) =>
        ok(
          await service.decide(callerOf(request), request.params.id, request.body),
          request.body.decision === 'approve' ? 'Review approved' : 'Review rejected',
        ),
    );
  };
}
