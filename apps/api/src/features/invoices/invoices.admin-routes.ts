import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { gstr1Query, orderDocumentsResponse } from '@shop/contracts/invoices';
import type { AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { Gstr1Service } from './gstr1.service.ts';
import { pdfFileName } from './invoices.routes.ts';
import type { InvoicesService } from './invoices.service.ts';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });
const documentParams = z.object({ id: z.string(), documentId: z.string() });

/** Any order's GST documents and the month's GSTR-1 export: the owners' (tax filings are theirs). */
export function invoicesAdminRoutes(
  service: InvoicesService,
  gstr1: Gstr1Service,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The role is checked before the path or query is read.
    app.addHook('onRequest', guards.requireRole('owner'));

    app.get(
      '/admin/orders/:id/invoices',
      { schema: { tags, params: idParams, response: { 200: orderDocumentsResponse } } },
      async (request) => ok(await service.documents(request.params.id), 'Invoices fetched'),
    );

    app.get(
      '/admin/orders/:id/invoice.pdf',
      { schema: { tags, params: idParams, produces: ['application/pdf'] } },
      async (request, reply) => {
        const { pdf, number } = await service.invoicePdf(request.params.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${pdfFileName(number)}"`)
          .send(pdf);
      },
    );

    app.get(
      '/admin/orders/:id/documents/:documentId',
      { schema: { tags, params: documentParams, produces: ['application/pdf'] } },
      async (request, reply) => {
        const { pdf, number } = await service.documentPdf(
          request.params.id,
          request.params.documentId,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${pdfFileName(number)}"`)
          .send(pdf);
      },
    );

    app.get(
      '/admin/gst/gstr1.csv',
      { schema: { tags, querystring: gstr1Query, produces: ['text/csv'] } },
      async (request, reply) => {
        const csv = await gstr1.csv(request.query.month);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="gstr1-${request.query.month}.csv"`)
          .send(csv);
      },
    );
  };
}
