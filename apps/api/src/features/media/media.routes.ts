import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '@shop/domain/errors';
import { mediaCollections, mediaNamePattern, type MediaService } from './media.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored images and their render queue (the server queues missing renditions at start). */
    media: MediaService;
  }
}

const mediaParams = z.object({
  collection: z.enum(mediaCollections, { error: 'Image not found' }),
  name: z.string().regex(mediaNamePattern, 'Invalid image name'),
});
const mediaQuery = z.object({
  w: z
    .string()
    .regex(/^\d{1,5}$/, 'Invalid w: must be a width in pixels')
    .transform(Number)
    .refine((width) => width >= 1, 'Invalid w: must be a width in pixels')
    .optional(),
});

/** A rendition the storefront uses never changes under its URL and Accept header. */
const CACHE_FOR_GOOD = 'public, max-age=31536000, immutable';
/** A stand-in while the rendition is being made: asked again soon. */
const CACHE_BRIEFLY = 'public, max-age=60';
/** An SVG opened on its own runs nothing and loads nothing. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function mediaRoutes(service: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/:collection/:name',
      { schema: { hide: true, params: mediaParams, querystring: mediaQuery } },
      async (request, reply) => {
        const { collection, name } = request.params;
        const answer = await service.answer(
          collection,
          name,
          request.query.w,
          request.headers.accept,
        );
        const stored = answer && (await service.open(answer.key));
        if (!answer || !stored) throw notFound('Image not found');
        reply
          .header('content-type', answer.contentType)
          .header('cache-control', answer.final ? CACHE_FOR_GOOD : CACHE_BRIEFLY)
          .header('vary', 'Accept');
        if (answer.vector) reply.header('content-security-policy', SVG_POLICY);
        if (stored.size !== undefined) reply.header('content-length', stored.size);
        return reply.send(stored.body);
      },
    );
  };
}
