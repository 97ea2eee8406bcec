import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  mediaDetailsSchema,
  mediaItemResponse,
  mediaLibraryQuery,
  mediaLibraryResponse,
  mediaUploadedResponse,
} from '@shop/contracts/media';
import { invalid, tooLarge, unsupportedType } from '@shop/domain/errors';
import { MAX_UPLOAD_BYTES, uploadMessages } from '@shop/domain/media-uploads';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { MediaLibraryService } from './media-library.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });
/** The multipart envelope around the photo: boundaries and part headers. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * A body declared larger than any photo is refused from its headers, before a byte of it is read;
 * the connection is closed so the rest is never received.
 */
async function refuseDeclaredTooLarge(request: FastifyRequest, reply: FastifyReply) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_UPLOAD_BYTES + ENVELOPE_BYTES) {
    reply.header('connection', 'close');
    throw tooLarge(uploadMessages.tooLarge);
  }
}

/** The photo's bytes, read as they arrive and cut off past the limit (never held whole). */
async function readPhoto(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupportedType(uploadMessages.missingFile);
  const part = await request.file({
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
  });
  if (!part || part.fieldname !== 'file') throw invalid(uploadMessages.missingFile);
  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit busboy only discards what follows; stop reading there instead.
  let overLimit = false;
  part.file.once('limit', () => {
    overLimit = true;
    part.file.destroy();
  });
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      chunks.push(chunk);
    }
  } catch (error) {
    if (!overLimit) throw error;
  }
  if (overLimit || part.file.truncated || size > MAX_UPLOAD_BYTES) {
    // The rest of an upload that goes on (chunked, no length declared) is not waited for.
    reply.header('connection', 'close');
    throw tooLarge(uploadMessages.tooLarge);
  }
  return Buffer.concat(chunks, size);
}

/** The photo library: uploads (any admin form's photos), the list, a photo's details. */
export function mediaAdminRoutes(
  service: MediaLibraryService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireRole('staff'));
    // Only this plugin takes multipart bodies; every other route keeps JSON only.
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
