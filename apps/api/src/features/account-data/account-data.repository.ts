import { asc, eq, sql } from 'drizzle-orm';
import type { ConsentSource, MessageChannel, MessagePurpose } from '@shop/domain/account-data';
import { queryRows, type Executor } from '../../db/client.ts';
import { consentRecords, users, type OrderAddress } from '../../db/schema.ts';

export type ConsentRow = typeof consentRecords.$inferSelect;

/** An order of hers as the download shows it and the erasure weighs it. */
export interface OrderOfHers {
  id: string;
  orderNumber: string;
  createdAt: Date;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  totalPaise: number;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress;
  notes: string;
  returnReason: string | null;
  courier: string | null;
  awb: string | null;
  paidAt: Date | null;
  /** When its tax invoice was issued; null while it has none. */
  invoiceIssuedAt: Date | null;
}

/** An address with nothing left that names or reaches anyone. */
const blankAddress: OrderAddress = {
  name: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  pinCode: '',
  phone: '',
};

/**
 * Her consent records, and the reads and erasing statements of her download and her account's
 * deletion. The download reads every table that holds something of hers in one snapshot, so its
 * parts agree with each other; the erasure runs in the caller's transaction.
 */
export function createAccountDataRepository() {
  return {
    /** Locks her row against another change of choices (sign-ins, which take `key share`, pass). */
    async lockChoices(tx: Executor, userId: string) {
      const [row] = await tx
        .select({ erasedAt: users.erasedAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      return row;
    },

    async consentsOf(tx: Executor, userId: string): Promise<ConsentRow[]> {
      return tx
        .select()
        .from(consentRecords)
        .where(eq(consentRecords.userId, userId))
        .orderBy(asc(consentRecords.at), asc(consentRecords.id));
    },

    async recordConsents(
      tx: Executor,
      userId: string,
      records: {
        purpose: MessagePurpose;
        channel: MessageChannel;
        granted: boolean;
        source: ConsentSource;
        wording: string;
      }[],
    ) {
      if (records.length === 0) return;
      await tx.insert(consentRecords).values(records.map((record) => ({ userId, ...record })));
    },

    async ordersOf(tx: Executor, userId: string): Promise<OrderOfHers[]> {
      return queryRows<OrderOfHers>(
        tx,
        sql`select o.id, o.order_number as "orderNumber", o.created_at as "createdAt", o.status,
                   o.payment_status as "paymentStatus", o.payment_method as "paymentMethod",
                   o.total_paise as "totalPaise", o.shipping_address as "shippingAddress",
                   o.billing_address as "billingAddress", o.notes, o.return_reason as "returnReason",
                   o.courier, o.awb, o.paid_at as "paidAt",
                   (select i.issued_at from invoices i
                     where i.order_id = o.id and i.kind = 'invoice') as "invoiceIssuedAt"
            from orders o where o.user_id = ${userId} order by o.created_at, o.id`,
      ).then((rows) =>
        rows.map((row) => ({
          ...row,
          createdAt: new Date(row.createdAt),
          paidAt: row.paidAt === null ? null : new Date(row.paidAt),
          invoiceIssuedAt: row.invoiceIssuedAt === null ? null : new Date(row.invoiceIssuedAt),
        })),
      );
    },

    async itemsOf(tx: Executor, orderIds: string[]) {
      if (orderIds.length === 0) return [];
      return queryRows<{
        orderId: string;
        productName: string;
        colorName: string;
        size: string;
        quantity: number;
        pricePaise: number;
      }>(
        tx,
        sql`select order_id as "orderId", product_name as "productName", color_name as "colorName",
                   size, quantity, price_paise as "pricePaise"
            from order_items where order_id in ${orderIds} order by order_id, position`,
      );
    },

    async documentsOf(tx: Executor, orderIds: string[]) {
      if (orderIds.length === 0) return [];
      return queryRows<{ orderId: string; kind: string; number: string; issuedAt: Date }>(
        tx,
        sql`select order_id as "orderId", kind, number, issued_at as "issuedAt"
            from invoices where order_id in ${orderIds} order by issued_at`,
      );
    },

    async signInsOf(tx: Executor, userId: string) {
      return queryRows<{
        startedAt: Date;
        lastUsedAt: Date;
        expiresAt: Date;
        endedAt: Date | null;
      }>(
        tx,
        sql`select min(created_at) as "startedAt", max(created_at) as "lastUsedAt",
                   max(expires_at) as "expiresAt",
                   case when bool_and(revoked_at is not null or replaced_at is not null)
                        then max(coalesce(revoked_at, replaced_at)) end as "endedAt"
            from refresh_tokens where user_id = ${userId}
            group by family_id order by min(created_at)`,
      );
    },

    async cartOf(tx: Executor, userId: string) {
      return queryRows<{
        productName: string;
        colorName: string;
        size: string;
        quantity: number;
        addedAt: Date;
      }>(
        tx,
        sql`select p.name as "productName", i.color_name as "colorName", i.size, i.quantity,
                   i.added_at as "addedAt"
            from carts c join cart_items i on i.cart_id = c.id join products p on p.id = i.product_id
            where c.user_id = ${userId} order by i.added_at`,
      );
    },

    async wishlistOf(tx: Executor, userId: string) {
      return queryRows<{ productName: string; priceWhenAddedPaise: number; addedAt: Date }>(
        tx,
        sql`select p.name as "productName", i.price_when_added_paise as "priceWhenAddedPaise",
                   i.added_at as "addedAt"
            from wishlists w join wishlist_items i on i.wishlist_id = w.id
            join products p on p.id = i.product_id
            where w.user_id = ${userId} order by i.added_at`,
      );
    },

    /** Her reviews, whatever their state (pending, approved, rejected). */
    async reviewsOf(tx: Executor, userId: string) {
      return queryRows<{
        productName: string;
        rating: number;
        title: string;
        text: string;
        state: string;
        sizeBought: string;
        createdAt: Date;
      }>(
        tx,
        sql`select p.name as "productName", r.rating, r.title, r.text, r.state,
                   r.size_bought as "sizeBought", r.created_at as "createdAt"
            from reviews r join products p on p.id = r.product_id
            where r.user_id = ${userId} order by r.created_at`,
      );
    },

    async grievancesOf(tx: Executor, email: string) {
      return queryRows<{
        id: string;
        ticket: string;
        category: string;
        subject: string;
        description: string;
        orderNumber: string;
        status: string;
        resolution: string;
        createdAt: Date;
      }>(
        tx,
        sql`select id, ticket, category, subject, description, order_number as "orderNumber",
                   status, resolution, created_at as "createdAt"
            from grievances where email = ${email} order by created_at`,
      );
    },

    async grievanceRepliesOf(tx: Executor, grievanceIds: string[]) {
      if (grievanceIds.length === 0) return [];
      return queryRows<{ grievanceId: string; text: string; createdAt: Date }>(
        tx,
        sql`select grievance_id as "grievanceId", text, created_at as "createdAt"
            from grievance_messages where grievance_id in ${grievanceIds} and kind = 'reply'
            order by created_at`,
      );
    },

    // ----- erasure (in the caller's transaction, her row locked by the auth service) -----

    /**
     * A kept order keeps what its tax invoice carries (her name and address) and loses the phone
     * and her notes; every other order loses both addresses and her words.
     */
    async anonymiseOrders(tx: Executor, keptIds: string[], goneIds: string[]) {
      if (keptIds.length > 0) {
        await tx.execute(
          sql`update orders set
                shipping_address = shipping_address || '{"phone": ""}'::jsonb,
                billing_address = billing_address || '{"phone": ""}'::jsonb,
                notes = '', updated_at = now()
              where id in ${keptIds}`,
        );
      }
      if (goneIds.length > 0) {
        const blank = JSON.stringify(blankAddress);
        await tx.execute(
          sql`update orders set shipping_address = ${blank}::jsonb,
                billing_address = ${blank}::jsonb, notes = '', return_reason = null,
                updated_at = now()
              where id in ${goneIds}`,
        );
      }
    },

    /** Her cart, wishlist and the shop's notes about her go; discount uses stay (no one named). */
    async deleteBelongings(tx: Executor, userId: string) {
      await tx.execute(sql`delete from carts where user_id = ${userId}`);
      await tx.execute(sql`delete from wishlists where user_id = ${userId}`);
      await tx.execute(sql`delete from customer_notes where customer_id = ${userId}`);
    },

    /** Her grievances keep their ticket and what was decided, without her name or contacts. */
    async anonymiseGrievances(tx: Executor, grievanceIds: string[], erasedEmail: string) {
      if (grievanceIds.length === 0) return;
      await tx.execute(
        sql`update grievances set name = '', email = ${erasedEmail}, phone = ''
            where id in ${grievanceIds}`,
      );
    },

    async erasedEmailOf(tx: Executor, userId: string) {
      const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? '';
    },
  };
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
