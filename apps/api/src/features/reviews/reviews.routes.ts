import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  createReviewSchema,
  editReviewSchema,
  myProductReviewsResponse,
  reviewCreatedResponse,
  reviewHelpfulResponse,
  reviewListQuery,
  reviewListResponse,
  reviewPhotoUploadedResponse,
} from '@shop/contracts/reviews';
import { MAX_UPLOAD_BYTES } from '@shop/domain/media-uploads';
import { reviewMessages } from '@shop/domain/reviews';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { escapeHtml } from '../mail/mail-layout.ts';
import { ENVELOPE_BYTES, readPhoto, refuseDeclaredTooLarge } from '../../http/photo-upload.ts';
import type { ReviewsService } from './reviews.service.ts';

const tags = ['reviews'];
const productParams = z.object({ productId: z.string() });
const idParams = z.object({ id: z.string() });
const unsubscribeQuery = z.object({
  user: z._default(z.string().check(z.maxLength(100)), ''),
  token: z._default(z.string().check(z.maxLength(200)), ''),
});

/** A page a mail's link opens: one sentence, the shop's name, nothing to load. */
function plainPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Lacebloom</title></head><body style="font-family:Arial,sans-serif;padding:32px;color:#2b1d24"><p style="font-family:Georgia,serif;font-size:20px">Lacebloom</p><p>${escapeHtml(message)}</p></body></html>`;
}

/** Reviews on the product page, the shopper's own, her photos and votes, and the unsubscribe link. */
export function reviewsRoutes(service: ReviewsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    // Only the photo upload plugins take multipart bodies; every other route keeps JSON only.
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });

    app.get(
      '/product/:productId/reviews',
      {
        schema: {
          tags,
          params: productParams,
          querystring: reviewListQuery,
          response: { 200: reviewListResponse },
        },
        // Kept by the read cache until the product's reviews change (a decision, a vote).
        config: {
          catalogueCache: (request) => [
            `product:${(request.params as { productId: string }).productId}`,
          ],
        },
      },
      async (request) =>
        ok(await service.list(request.params.productId, request.query), 'Reviews fetched'),
    );

    app.get(
      '/product/:productId/reviews/mine',
      {
        preHandler: guards.requireCaller,
        schema: { tags, params: productParams, response: { 200: myProductReviewsResponse } },
      },
      async (request) =>
        ok(await service.mine(callerOf(request), request.params.productId), 'Your reviews fetched'),
    );

    app.post(
      '/product/:productId/reviews',
      {
        preHandler: guards.requireCaller,
        schema: {
          tags,
          params: productParams,
          body: createReviewSchema,
          response: { 201: reviewCreatedResponse },
        },
      },
      async (request, reply) => {
        const review = await service.create(
          callerOf(request),
          request.params.productId,
          request.body,
        );
        return reply
          .status(201)
          .send(ok({ review }, 'Thank you: your review is published once we have read it'));
      },
    );

    app.put(
      '/reviews/:id',
      {
        preHandler: guards.requireCaller,
        schema: {
          tags,
          params: idParams,
          body: editReviewSchema,
          response: { 200: reviewCreatedResponse },
        },
      },
      async (request) =>
        ok(
          { review: await service.edit(callerOf(request), request.params.id, request.body) },
          'Your review is sent again: it is published once we have read it',
        ),
    );

    app.post(
      '/reviews/photos',
      {
        onRequest: refuseDeclaredTooLarge,
        preHandler: guards.requireCaller,
        bodyLimit: MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
        schema: {
          tags,
          description:
            'multipart/form-data with the photo in the field `file`: JPEG, PNG, WebP, AVIF or HEIC (when readable), at most 20 MB and 6000 × 6000 px; stored without its metadata (EXIF, GPS).',
          consumes: ['multipart/form-data'],
          response: { 201: reviewPhotoUploadedResponse },
        },
      },
      async (request, reply) => {
        const bytes = await readPhoto(request, reply);
        const uploaded = await service.uploadPhoto(callerOf(request), bytes);
        return reply.status(201).send(ok(uploaded, 'Photo uploaded'));
      },
    );

    app.post(
      '/reviews/:id/helpful',
      {
        preHandler: guards.requireCaller,
        schema: { tags, params: idParams, response: { 200: reviewHelpfulResponse } },
      },
      async (request) =>
        ok(await service.helpful(callerOf(request), request.params.id), 'Thank you for your vote'),
    );

    // The review request mail's link: a GET, as a mail client opens it, answering a page.
    app.get(
      '/reviews/unsubscribe',
      { schema: { tags, querystring: unsubscribeQuery } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        try {
          await service.unsubscribe(request.query.user, request.query.token);
        } catch {
          return reply.status(404).send(plainPage(reviewMessages.unsubscribeInvalid));
        }
        return reply.send(plainPage(reviewMessages.unsubscribed));
      },
    );
  };
}
