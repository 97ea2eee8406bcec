// Reading one uploaded photo from a multipart body, for every route that takes one (the back
// office's photo library and shoppers' review photos): the same limits and the same refusals.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalid, tooLarge, unsupportedType } from '@shop/domain/errors';
import { MAX_UPLOAD_BYTES, uploadMessages } from '@shop/domain/media-uploads';

/** The multipart envelope around the photo: boundaries and part headers. */
export const ENVELOPE_BYTES = 64 * 1024;

/**
 * A body declared larger than any photo is refused from its headers, before a byte of it is read;
 * the connection is closed so the rest is never received.
 */
export async function refuseDeclaredTooLarge(request: FastifyRequest, reply: FastifyReply) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_UPLOAD_BYTES + ENVELOPE_BYTES) {
    reply.header('connection', 'close');
    throw tooLarge(uploadMessages.tooLarge);
  }
}

/** The photo's bytes, read as they arrive and cut off past the limit (never held whole). */
export async function readPhoto(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
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
