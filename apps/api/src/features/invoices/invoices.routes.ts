import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { orderDocumentsResponse } from '@shop/contracts/invoices';
import { orderMessages } from '@shop/contracts/orders';
import { callerOf, type AuthGuards } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import type { InvoicesService } from './invoices.service.ts';

const tags = ['orders'];
const idParams = z.object({ id: z.string() });
const documentParams = z.object({ id: z.string(), documentId: z.string() });

/** A file name of the document number's safe characters (it goes into a header). */
export const pdfFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

/** The shopper's GST documents: only her own orders' (another's read as not found). */
export function invoiceRoutes(service: InvoicesService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireCallerWith(orderMessages.loginRequired));

    app.get(
      '/order/:id/invoices',
      { schema: { tags, params: idParams, response: { 200: orderDocumentsResponse } } },
      async (request) =>
        ok(
          await service.documents(request.params.id, callerOf(request).userId),
          'Invoices fetched',
        ),
    );

    app.get(
      '/order/:id/invoice.pdf',
      { schema: { tags, params: idParams, produces: ['application/pdf'] } },
      async (request, reply) => {
        const { pdf, number } = await service.invoicePdf(
          request.params.id,
          callerOf(request).userId,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${pdfFileName(number)}"`)
          .send(pdf);
      },
    );

    app.get(
      '/order/:id/documents/:documentId',
      { schema: { tags, params: documentParams, produces: ['application/pdf'] } },
      async (request, reply) => {
        const { pdf, number } = await service.documentPdf(
          request.params.id,
          request.params.documentId,
          callerOf(request).userId,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${pdfFileName(number)}"`)
          .send(pdf);
      },
    );
  };
}
