import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import type { OrderAddress } from '../../db/schema.ts';

/** An order of hers as her download shows it and her account's erasure weighs it. */
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
  items: {
    productName: string;
    colorName: string;
    size: string;
    quantity: number;
    pricePaise: number;
  }[];
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
 * Her orders as her rights over her data see them: read for her download, and stripped of her
 * when her account is erased. Every call runs in the caller's transaction (the download's one
 * snapshot, or the erasure's one transaction).
 */
export function createOrdersPersonalData() {
  return {
    /** Her orders, oldest first, each with its lines. */
    async exportFor(tx: Executor, userId: string): Promise<OrderOfHers[]> {
      const orders = await queryRows<Omit<OrderOfHers, 'items'>>(
        tx,
        sql`select id, order_number as "orderNumber", created_at as "createdAt", status,
                   payment_status as "paymentStatus", payment_method as "paymentMethod",
                   total_paise as "totalPaise", shipping_address as "shippingAddress",
                   billing_address as "billingAddress", notes, return_reason as "returnReason",
                   courier, awb, paid_at as "paidAt"
            from orders where user_id = ${userId} order by created_at, id`,
      );
      const ids = orders.map((order) => order.id);
      const items =
        ids.length === 0
          ? []
          : await queryRows<OrderOfHers['items'][number] & { orderId: string }>(
              tx,
              sql`select order_id as "orderId", product_name as "productName",
                         color_name as "colorName", size, quantity, price_paise as "pricePaise"
                  from order_items where order_id in ${ids} order by order_id, position`,
            );
      return orders.map((order) => ({
        ...order,
        createdAt: new Date(order.createdAt),
        paidAt: order.paidAt === null ? null : new Date(order.paidAt),
        items: items
          .filter((item) => item.orderId === order.id)
          .map(({ orderId: _orderId, ...item }) => item),
      }));
    },

    /**
     * A kept order keeps what its tax invoice carries (her name and address) and loses the phone
     * and her notes; every other order loses both addresses and her words.
     */
    async anonymiseIn(tx: Executor, keptIds: string[], goneIds: string[]) {
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
  };
}

export type OrdersPersonalData = ReturnType<typeof createOrdersPersonalData>;
