// GST documents of an order (its tax invoice and credit notes) as the shopper's order page and the
// back office list them, and the month of the GSTR-1 export. zod/mini because they ship to the browser.
import * as z from 'zod/mini';
import { successEnvelope } from './common-mini.ts';

export const invoiceMessages = {
  notFound: 'Invoice not found',
  notYet: 'The invoice is issued once the order is paid',
  noGstin:
    "The shop's GSTIN is not set yet: tax invoices are issued once it is entered in the settings",
  month: 'Choose a month as YYYY-MM',
} as const;

export const gstDocument = z.object({
  _id: z.string(),
  kind: z.enum(['invoice', 'credit-note']),
  number: z.string(),
  issuedAt: z.string(),
  /** Including GST, in rupees. */
  total: z.number(),
  /** Where the PDF is downloaded from (the same file every time). */
  url: z.string(),
});
export type GstDocument = z.infer<typeof gstDocument>;

/** `GET /order/{id}/invoices`: the order's documents, the invoice first. */
export const orderDocumentsResponse = successEnvelope(z.array(gstDocument));

/** `GET /admin/gst/gstr1.csv?month=2026-11`. */
export const gstr1Query = z.object({
  month: z
    .string({ error: invoiceMessages.month })
    .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: invoiceMessages.month })),
});
