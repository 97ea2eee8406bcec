import { invoiceMessages, type GstDocument } from '@shop/contracts/invoices';
import type { ShopSettings } from '@shop/contracts/shop-settings';
import { conflict, notFound } from '@shop/domain/errors';
import {
  amountInWords,
  creditNoteFigures,
  documentNumber,
  financialYearOf,
  gstInvoiceFigures,
  hsnOf,
  indianDayOf,
  placeOfSupplyCode,
  type DocumentKind,
  type GstInvoiceFigures,
} from '@shop/domain/gst';
import { stateCodeOf, stateNameOf } from '@shop/domain/gstin';
import { isUuid } from '@shop/domain/ids';
import { paiseToRupees } from '@shop/domain/money';
import type { MailAttachment } from '../../adapters/mail/mailer.ts';
import type { Database } from '../../db/client.ts';
import type { OrderAddress } from '../../db/schema.ts';
import type { RefundWithLines } from '../payments/refunds.service.ts';
import { gstDocumentPdf, pdfFileName, type DocumentSnapshot } from './invoice-documents.ts';
import type { InvoiceSource, InvoiceSummary, InvoicesRepository } from './invoices.repository.ts';

/** Orders (and refunds) one job pass issues documents for. */
const BATCH = 20;

export interface InvoicesServiceDeps {
  db: Database;
  invoices: InvoicesRepository;
  settings: () => Promise<ShopSettings>;
  refundsOf: (orderId: string) => Promise<RefundWithLines[]>;
  log: (error: unknown, message: string) => void;
}

/** Which document an issue makes: one invoice per order, one credit note per refund. */
type IssuedKey = Parameters<InvoicesRepository['issued']>[1];

/** Rolls an issuing transaction back when another issuer got there first. */
class AlreadyIssued extends Error {}

function addressLines(address: OrderAddress): string[] {
  return [
    address.addressLine1,
    address.addressLine2,
    `${address.city} ${address.pinCode}`,
    address.phone ? `Phone: ${address.phone}` : '',
  ].filter((line) => line.trim() !== '');
}

function snapshotOf(row: InvoiceSummary): DocumentSnapshot {
  return row.figures as unknown as DocumentSnapshot;
}

/**
 * GST tax invoices and credit notes. An invoice is issued once per invoiceable order, by the job
 * (every few seconds, for orders paid since its last pass) or when someone asks for it first; a
 * credit note once per refund of an invoiced order. Issuing takes the series' counter row lock,
 * checks nobody issued meanwhile and inserts the document with every printed figure in one
 * transaction; the PDF is drawn from that snapshot after commit and stored once.
 */
export function createInvoicesService({
  db,
  invoices,
  settings,
  refundsOf,
  log,
}: InvoicesServiceDeps) {
  async function seller() {
    const shop = await settings();
    // A business without a GSTIN cannot issue tax invoices; issuing waits until it is entered.
    if (!shop.gstin) return undefined;
    return {
      legalName: shop.legalName,
      address: shop.address,
      gstin: shop.gstin,
      state: shop.state,
      stateCode: stateCodeOf(shop.state) ?? shop.gstin.slice(0, 2),
    };
  }

  /** Inserts a document under the next number of its series, unless one already answers `key`. */
  async function issue(
    kind: DocumentKind,
    key: IssuedKey,
    row: (
      number: string,
      issuedAt: Date,
    ) => {
      snapshot: DocumentSnapshot;
      orderId: string;
      refundId?: string;
      invoiceId?: string;
    },
  ): Promise<InvoiceSummary> {
    const issuedAt = new Date();
    const financialYear = financialYearOf(issuedAt);
    let inserted: InvoiceSummary;
    try {
      inserted = await db.transaction(async (tx) => {
        const sequence = await invoices.takeNumber(tx, kind, financialYear);
        // Read after the counter lock: an issuer that held it has committed its document by now.
        if (await invoices.issued(tx, key)) throw new AlreadyIssued();
        const number = documentNumber(kind, financialYear, sequence);
        const made = row(number, issuedAt);
        return invoices.insert(tx, {
          kind,
          orderId: made.orderId,
          refundId: made.refundId ?? null,
          invoiceId: made.invoiceId ?? null,
          number,
          financialYear,
          sequence,
          issuedAt,
          figures: made.snapshot as unknown as Record<string, unknown>,
        });
      });
    } catch (error) {
      if (!(error instanceof AlreadyIssued)) throw error;
      return (await invoices.issued(db, key))!;
    }
    await storePdf(inserted);
    return inserted;
  }

  async function storePdf(row: InvoiceSummary): Promise<Buffer> {
    const pdf = await gstDocumentPdf(snapshotOf(row));
    await invoices.storePdf(row.id, pdf);
    return (await invoices.pdfOf(row.id)) ?? pdf;
  }

  function invoiceSnapshot(
    source: InvoiceSource,
    shop: NonNullable<Awaited<ReturnType<typeof seller>>>,
    number: string,
    issuedAt: Date,
  ): DocumentSnapshot {
    const address = source.shippingAddress;
    const buyerCode = placeOfSupplyCode(address.state, shop.stateCode);
    const figures = gstInvoiceFigures({
      lines: source.items.map((item) => ({
        ref: item.id,
        description: `${item.productName} (${item.colorName}, ${item.size.toUpperCase()})`,
        hsn: hsnOf({
          name: item.productName,
          hsnCode: item.hsnCode,
          categoryHsnCode: item.categoryHsnCode,
        }),
        quantity: item.quantity,
        unitPricePaise: item.pricePaise,
        offerDiscountPaise: item.offerDiscountPaise,
      })),
      discountPaise: source.discountPaise,
      shippingPaise: source.shippingPaise,
      codFeePaise: source.codFeePaise,
      totalPaise: source.totalPaise,
      // The rates of the day of supply: the day it was paid.
      day: indianDayOf(source.paidAt ?? issuedAt),
      shopStateCode: shop.stateCode,
      placeOfSupplyCode: buyerCode,
    });
    return {
      kind: 'invoice',
      number,
      issuedAt: issuedAt.toISOString(),
      orderNumber: source.orderNumber,
      seller: shop,
      buyer: {
        name: address.name,
        addressLines: addressLines(address),
        state: stateNameOf(buyerCode) ?? address.state,
        stateCode: buyerCode,
      },
      figures,
      amountInWords: amountInWords(figures.totalPaise),
    };
  }

  async function issueInvoice(orderId: string): Promise<InvoiceSummary | undefined> {
    const shop = await seller();
    if (!shop) return undefined;
    const source = await invoices.source(orderId);
    if (!source?.invoiceable) return undefined;
    return issue('invoice', { kind: 'invoice', orderId }, (number, issuedAt) => ({
      snapshot: invoiceSnapshot(source, shop, number, issuedAt),
      orderId,
    }));
  }

  async function issueCreditNote(refund: RefundWithLines): Promise<InvoiceSummary | undefined> {
    const invoice = await invoices.issued(db, { kind: 'invoice', orderId: refund.orderId });
    if (!invoice) return undefined;
    const original = snapshotOf(invoice);
    return issue(
      'credit-note',
      { kind: 'credit-note', refundId: refund.id },
      (number, issuedAt) => {
        const figures: GstInvoiceFigures = creditNoteFigures({
          invoice: original.figures,
          amountPaise: refund.amountPaise,
          lines: refund.lines.map((line) => ({
            ref: line.itemId,
            quantity: line.quantity,
            amountPaise: line.amountPaise,
          })),
        });
        return {
          orderId: refund.orderId,
          refundId: refund.id,
          invoiceId: invoice.id,
          snapshot: {
            ...original,
            kind: 'credit-note',
            number,
            issuedAt: issuedAt.toISOString(),
            originalInvoiceNumber: original.number,
            originalInvoiceDate: original.issuedAt,
            figures,
            amountInWords: amountInWords(figures.totalPaise),
          },
        };
      },
    );
  }

  function view(row: InvoiceSummary, orderId: string, admin: boolean): GstDocument {
    const snapshot = snapshotOf(row);
    const base = admin ? `/api/admin/orders/${orderId}` : `/api/order/${orderId}`;
    return {
      _id: row.id,
      kind: row.kind as GstDocument['kind'],
      number: row.number,
      issuedAt: row.issuedAt.toISOString(),
      total: paiseToRupees(snapshot.figures.totalPaise),
      url: row.kind === 'invoice' ? `${base}/invoice.pdf` : `${base}/documents/${row.id}`,
    };
  }

  /** The order, if the caller may see it (its shopper, or the shop): another's reads as missing. */
  async function orderFor(orderId: string, userId: string | undefined): Promise<void> {
    if (!isUuid(orderId)) throw notFound(invoiceMessages.notFound);
    const owner = await invoices.userOf(orderId);
    if (!owner || (userId !== undefined && owner !== userId))
      throw notFound(invoiceMessages.notFound);
  }

  return {
    issueInvoice,

    /** The job: invoices for orders paid since, then credit notes for refunds since. */
    async issueDue(): Promise<number> {
      let issued = 0;
      if (!(await seller())) return 0;
      for (const orderId of await invoices.ordersDue(BATCH)) {
        try {
          if (await issueInvoice(orderId)) issued += 1;
        } catch (error) {
          log(error, `could not issue the invoice of order ${orderId}`);
        }
      }
      for (const due of await invoices.refundsDue(BATCH)) {
        try {
          const refund = (await refundsOf(due.orderId)).find((one) => one.id === due.id);
          if (refund && (await issueCreditNote(refund))) issued += 1;
        } catch (error) {
          log(error, `could not issue the credit note of refund ${due.id}`);
        }
      }
      return issued;
    },

    /**
     * The order's invoice PDF for its shopper (`userId`) or the shop (undefined), issued now if the
     * job has not reached it yet. The same bytes on every download.
     */
    async invoicePdf(orderId: string, userId?: string): Promise<{ pdf: Buffer; number: string }> {
      await orderFor(orderId, userId);
      let row = await invoices.issued(db, { kind: 'invoice', orderId });
      if (!row) {
        if (!(await seller())) throw conflict(invoiceMessages.noGstin);
        row = await issueInvoice(orderId);
        if (!row) throw notFound(invoiceMessages.notYet);
      }
      return { pdf: (await invoices.pdfOf(row.id)) ?? (await storePdf(row)), number: row.number };
    },

    /** Any document of the order (a credit note) by id, for its shopper or the shop. */
    async documentPdf(
      orderId: string,
      documentId: string,
      userId?: string,
    ): Promise<{ pdf: Buffer; number: string }> {
      await orderFor(orderId, userId);
      const row = isUuid(documentId)
        ? (await invoices.ofOrder(orderId)).find((one) => one.id === documentId)
        : undefined;
      if (!row) throw notFound(invoiceMessages.notFound);
      return { pdf: (await invoices.pdfOf(row.id)) ?? (await storePdf(row)), number: row.number };
    },

    async documents(orderId: string, userId?: string): Promise<GstDocument[]> {
      await orderFor(orderId, userId);
      return (await invoices.ofOrder(orderId)).map((row) =>
        view(row, orderId, userId === undefined),
      );
    },

    /**
     * The invoice as a mail attaches it (issued now if it is due and nobody has yet), or nothing
     * while the order cannot be invoiced (unpaid, or the shop has no GSTIN).
     */
    async invoiceAttachment(orderId: string): Promise<MailAttachment | undefined> {
      const row =
        (await invoices.issued(db, { kind: 'invoice', orderId })) ?? (await issueInvoice(orderId));
      if (!row) return undefined;
      return {
        filename: pdfFileName(row.number),
        contentType: 'application/pdf',
        content: (await invoices.pdfOf(row.id)) ?? (await storePdf(row)),
      };
    },

    issuedBetween: (from: Date, to: Date) => invoices.issuedBetween(from, to),
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
