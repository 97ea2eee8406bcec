import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '@shop/domain/errors';
import {
  mediaCollections,
  mediaContentTypes,
  negotiateFormat,
  snapWidth,
  type MediaService,
} from './media.service.ts';

const mediaParams = z.object({
  collection: z.enum(mediaCollections, { error: 'Image not found' }),
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,150}$/, 'Invalid image name'),
});
const mediaQuery = z.object({
  w: z
    .string()
    .regex(/^\d{1,5}$/, 'Invalid w: must be a width in pixels')
    .transform(Number)
    .refine((width) => width >= 1, 'Invalid w: must be a width in pixels')
    .optional(),
});

export function mediaRoutes(service: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/:collection/:name',
      { schema: { hide: true, params: mediaParams, querystring: mediaQuery } },
      async (request, reply) => {
        const { collection, name } = request.params;
        const format = negotiateFormat(request.headers.accept);
        const width = snapWidth(request.query.w);
        const path = await service.variantPath(collection, name, width, format);
        if (!path) throw notFound('Image not found');
        return reply
          .header('content-type', mediaContentTypes[format])
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('vary', 'Accept')
          .send(service.open(path));
      },
    );
  };
}
