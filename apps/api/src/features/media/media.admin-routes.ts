import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  mediaDetailsSchema,
  mediaItemResponse,
  mediaLibraryQuery,
  mediaLibraryResponse,
  mediaUploadedResponse,
} from '@shop/contracts/media';
import { MAX_UPLOAD_BYTES } from '@shop/domain/media-uploads';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { ENVELOPE_BYTES, readPhoto, refuseDeclaredTooLarge } from '../../http/photo-upload.ts';
import type { MediaLibraryService } from './media-library.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });

/** The photo library: uploads (any admin form's photos), the list, a photo's details. */
export function mediaAdminRoutes(
  service: MediaLibraryService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireRole('staff'));
    // Only the photo upload plugins take multipart bodies; every other route keeps JSON only.
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });

    app.post(
      '/admin/media',
      {
        onRequest: refuseDeclaredTooLarge,
        bodyLimit: MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
        schema: {
          tags,
          description:
            'multipart/form-data with the photo in the field `file`: JPEG, PNG, WebP, AVIF or HEIC (when readable), at most 20 MB and 6000 × 6000 px.',
          consumes: ['multipart/form-data'],
          response: { 201: mediaUploadedResponse, 200: mediaUploadedResponse },
        },
      },
      async (request, reply) => {
        const bytes = await readPhoto(request, reply);
        const caller = callerOf(request);
        const uploaded = await service.upload(caller, bytes);
        return reply.status(201).send(ok(uploaded, 'Photo uploaded'));
      },
    );

    app.get(
      '/admin/media',
      { schema: { tags, querystring: mediaLibraryQuery, response: { 200: mediaLibraryResponse } } },
      async (request) => ok(await service.page(request.query), 'Photos fetched'),
    );

    app.patch(
      '/admin/media/:id',
      {
        schema: {
          tags,
          params: idParams,
          body: mediaDetailsSchema,
          response: { 200: mediaItemResponse },
        },
      },
      async (request) =>
        ok(
          await service.updateDetails(callerOf(request), request.params.id, request.body),
          'Photo updated',
        ),
    );
  };
}
