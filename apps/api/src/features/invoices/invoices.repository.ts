import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { creditedRefundReasons, documentSeries, type DocumentKind } from '@shop/domain/gst';
import { queryRows, type Database, type Executor, type Transaction } from '../../db/client.ts';
import { invoices, type OrderAddress } from '../../db/schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceSummary = Omit<InvoiceRow, 'pdf'>;

/** What an invoice is made from: the order as paid and its lines with their HSN codes. */
export interface InvoiceSource {
  id: string;
  userId: string;
  orderNumber: string;
  invoiceable: boolean;
  discountPaise: number;
  shippingPaise: number;
  codFeePaise: number;
  totalPaise: number;
  paidAt: Date | null;
  shippingAddress: OrderAddress;
  items: {
    id: string;
    productName: string;
    colorName: string;
    size: string;
    quantity: number;
    pricePaise: number;
    /** The line's units' offer shares: the line's own discount on the invoice. */
    offerDiscountPaise: number;
    categorySlug: string;
    hsnCode: string;
    categoryHsnCode: string;
  }[];
}

/**
 * Orders that owe a tax invoice: paid (the money captured) and not cancelled before it was issued.
 * Cash on delivery joins here once it exists: `or (payment_method = 'cod' and delivered_at is not
 * null)`, so a COD order is invoiced when the courier reports it delivered and paid.
 */
const INVOICEABLE = sql.raw(
  `(o.paid_at is not null and o.payment_status in ('paid', 'refund_pending', 'refunded', 'partially_refunded') and o.status <> 'cancelled')`,
);

/** How far back the issuing job looks (asking for an older order's invoice issues it too). */
const LOOK_BACK = sql.raw(`interval '35 days'`);

const summaryColumns = {
  id: invoices.id,
  kind: invoices.kind,
  orderId: invoices.orderId,
  refundId: invoices.refundId,
  invoiceId: invoices.invoiceId,
  number: invoices.number,
  financialYear: invoices.financialYear,
  sequence: invoices.sequence,
  issuedAt: invoices.issuedAt,
  figures: invoices.figures,
};

export function createInvoicesRepository(db: Database) {
  return {
    async source(orderId: string): Promise<InvoiceSource | undefined> {
      const [order] = await queryRows<Omit<InvoiceSource, 'items'>>(
        db,
        sql`select o.id, o.user_id as "userId", o.order_number as "orderNumber",
              ${INVOICEABLE} as invoiceable, o.discount_paise as "discountPaise",
              o.shipping_paise as "shippingPaise", o.cod_fee_paise as "codFeePaise",
              o.total_paise as "totalPaise",
              o.paid_at as "paidAt", o.shipping_address as "shippingAddress"
            from orders o where o.id = ${orderId}`,
      );
      if (!order) return undefined;
      const items = await queryRows<InvoiceSource['items'][number]>(
        db,
        sql`select i.id, i.product_name as "productName", i.color_name as "colorName", i.size,
              i.quantity, i.price_paise as "pricePaise", i.category_slug as "categorySlug",
              i.offer_discount_paise as "offerDiscountPaise",
              p.hsn_code as "hsnCode", coalesce(cat.hsn_code, '') as "categoryHsnCode"
            from order_items i join products p on p.id = i.product_id
              left join categories cat on cat.id = p.category_id
            where i.order_id = ${orderId} order by i.position, i.id`,
      );
      return { ...order, paidAt: order.paidAt ? new Date(order.paidAt) : null, items };
    },

    /** Invoiceable orders of the last weeks that have no invoice yet, oldest first. */
    async ordersDue(limit: number): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select o.id from orders o
            where o.created_at > now() - ${LOOK_BACK} and ${INVOICEABLE}
              and not exists (select 1 from invoices i where i.order_id = o.id and i.kind = 'invoice')
            order by o.created_at limit ${limit}`,
      );
      return rows.map((row) => row.id);
    },

    /** Refunds of invoiced orders that concern the goods and have no credit note yet. */
    async refundsDue(limit: number): Promise<{ id: string; orderId: string }[]> {
      return queryRows(
        db,
        sql`select r.id, r.order_id as "orderId" from refunds r
            where r.created_at > now() - ${LOOK_BACK}
              and r.reason in (${sql.join(
                creditedRefundReasons.map((reason) => sql`${reason}`),
                sql`, `,
              )})
              and exists (select 1 from invoices i where i.order_id = r.order_id and i.kind = 'invoice')
              and not exists (select 1 from invoices c where c.refund_id = r.id)
            order by r.created_at limit ${limit}`,
      );
    },

    /**
     * The next number of a series in a financial year. The counter row stays locked until the
     * transaction ends, so issuers take numbers one after another, and a rolled-back issue gives
     * its number back: no gaps and no duplicates across processes.
     */
    async takeNumber(tx: Transaction, kind: DocumentKind, financialYear: string): Promise<number> {
      const [row] = await queryRows<{ last_number: number }>(
        tx,
        sql`insert into invoice_counters (series, financial_year, last_number)
            values (${documentSeries[kind]}, ${financialYear}, 1)
            on conflict (series, financial_year)
            do update set last_number = invoice_counters.last_number + 1
            returning last_number`,
      );
      return row!.last_number;
    },

    async issued(
      executor: Executor,
      where: { kind: 'invoice'; orderId: string } | { kind: 'credit-note'; refundId: string },
    ): Promise<InvoiceSummary | undefined> {
      const [row] = await executor
        .select(summaryColumns)
        .from(invoices)
        .where(
          where.kind === 'invoice'
            ? and(eq(invoices.kind, 'invoice'), eq(invoices.orderId, where.orderId))
            : and(eq(invoices.kind, 'credit-note'), eq(invoices.refundId, where.refundId)),
        );
      return row;
    },

    async insert(tx: Transaction, row: typeof invoices.$inferInsert): Promise<InvoiceSummary> {
      const [inserted] = await tx.insert(invoices).values(row).returning(summaryColumns);
      return inserted!;
    },

    /** Stores the PDF once: a second writer (another process, a retry) keeps the first's bytes. */
    async storePdf(id: string, pdf: Buffer): Promise<void> {
      await db
        .update(invoices)
        .set({ pdf })
        .where(and(eq(invoices.id, id), isNull(invoices.pdf)));
    },

    async pdfOf(id: string): Promise<Buffer | null> {
      const [row] = await db
        .select({ pdf: invoices.pdf })
        .from(invoices)
        .where(eq(invoices.id, id));
      return row?.pdf ?? null;
    },

    async ofOrder(orderId: string): Promise<InvoiceSummary[]> {
      return db
        .select(summaryColumns)
        .from(invoices)
        .where(eq(invoices.orderId, orderId))
        .orderBy(asc(invoices.issuedAt), asc(invoices.number));
    },

    /** Documents issued in [from, to), for the month's GSTR-1. */
    async issuedBetween(from: Date, to: Date): Promise<InvoiceSummary[]> {
      return db
        .select(summaryColumns)
        .from(invoices)
        .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
        .orderBy(asc(invoices.kind), asc(invoices.sequence));
    },

    async byIds(ids: readonly string[]): Promise<InvoiceSummary[]> {
      if (ids.length === 0) return [];
      return db
        .select(summaryColumns)
        .from(invoices)
        .where(inArray(invoices.id, [...ids]));
    },

    async userOf(orderId: string): Promise<string | undefined> {
      const [row] = await queryRows<{ user_id: string }>(
        db,
        sql`select user_id from orders where id = ${orderId}`,
      );
      return row?.user_id;
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
