import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  MAX_PRODUCT_CSV_BYTES,
  productCsvMessages,
  productImportQuery,
  productImportResponse,
} from '@shop/contracts/products-csv';
import { invalid, tooLarge, unsupportedType } from '@shop/domain/errors';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { ProductsCsvService } from './products-csv.service.ts';

const tags = ['admin'];
/** The multipart envelope around the file: boundaries and part headers. */
const ENVELOPE_BYTES = 64 * 1024;

/** The CSV's bytes, refused past the size cap (busboy stops reading there). */
async function readCsv(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_PRODUCT_CSV_BYTES + ENVELOPE_BYTES) {
    reply.header('connection', 'close');
    throw tooLarge(productCsvMessages.tooLarge);
  }
  if (!request.isMultipart()) throw unsupportedType(productCsvMessages.missingFile);
  const part = await request.file({
    limits: { fileSize: MAX_PRODUCT_CSV_BYTES, files: 1, fields: 5, parts: 6 },
  });
  if (!part || part.fieldname !== 'file') throw invalid(productCsvMessages.missingFile);
  const bytes = await part.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      reply.header('connection', 'close');
      throw tooLarge(productCsvMessages.tooLarge);
    }
    throw error;
  });
  return bytes;
}

/**
 * The products CSV: export, and import as a dry run or, with `?confirm=<the dry run's id>` and the
 * same file, for real. Confirming re-sends the file rather than naming a stored copy: the server
 * keeps nothing between the two calls, and the id (the file's SHA-256) proves it is the file checked.
 */
export function productsCsvAdminRoutes(
  service: ProductsCsvService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireRole('staff'));
    // Only this plugin (and the photo uploads') takes multipart bodies.
    await app.register(multipart, { limits: { fileSize: MAX_PRODUCT_CSV_BYTES, files: 1 } });

    app.get(
      '/admin/products/export.csv',
      {
        schema: {
          tags,
          description: 'Every product, one row per colour and size (UTF-8 CSV with a header).',
          produces: ['text/csv'],
          response: { 200: z.string() },
        },
      },
      async (_request, reply) => {
        const csv = await service.exportCsv();
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="lacebloom-products-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    app.post(
      '/admin/products/import',
      {
        bodyLimit: MAX_PRODUCT_CSV_BYTES + ENVELOPE_BYTES,
        schema: {
          tags,
          description:
            'multipart/form-data with the CSV in the field `file` (at most 5 MB). Without `confirm`: a dry run. With `confirm=<importId>` of the same file: the import, in one transaction.',
          consumes: ['multipart/form-data'],
          querystring: productImportQuery,
          response: { 200: productImportResponse },
        },
      },
      async (request, reply) => {
        const bytes = await readCsv(request, reply);
        const { confirm } = request.query;
        if (confirm === undefined) {
          return ok(await service.dryRun(bytes), 'Import checked: nothing has changed yet');
        }
        return ok(await service.confirm(bytes, confirm, callerOf(request)), 'Products imported');
      },
    );
  };
}
