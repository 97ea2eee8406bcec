import { sql } from 'drizzle-orm';
import type { orderItems, orders } from './schema.ts';

/**
 * An order as the features that keep its money and parcels read it: its row with its lines and
 * return lines, each set selected as one JSON value of the same row. Shared record-keeping like
 * the schema itself: the orders feature reads orders this way, and the payments feature locks an
 * order with its lines in one statement of its own (see the payments repository).
 */
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** A return line as an order is read with it (its instants as ISO text). */
export interface OrderReturnLineView {
  id: string;
  orderItemId: string;
  quantity: number;
  action: string;
  exchangeColorName: string | null;
  exchangeSize: string | null;
  state: string;
  refundPaise: number | null;
  requestedAt: string;
  declineReason: string | null;
  pickupCourier: string | null;
  pickupAwb: string | null;
  pickupTrackingUrl: string | null;
  outboundCourier: string | null;
  outboundAwb: string | null;
  outboundTrackingUrl: string | null;
  /** When the courier reported the pickup collected; null before. */
  pickedUpAt: string | null;
}

export type OrderWithItems = OrderRow & {
  items: OrderItemRow[];
  /** Lines asked to be exchanged or returned, oldest first. */
  returns: OrderReturnLineView[];
};

/** An order's lines, by position, as one JSON value of the row it is selected with. */
export const itemsJson = sql<Omit<OrderItemRow, never>[]>`coalesce((
  select json_agg(json_build_object(
    'id', i.id, 'orderId', i.order_id, 'productId', i.product_id, 'productName', i.product_name,
    'productImage', i.product_image, 'colorName', i.color_name, 'colorHex', i.color_hex,
    'size', i.size, 'quantity', i.quantity, 'pricePaise', i.price_paise,
    'itemTotalPaise', i.item_total_paise, 'categorySlug', i.category_slug,
    'subcategorySlug', i.subcategory_slug, 'position', i.position,
    'offerDiscountPaise', i.offer_discount_paise, 'offerId', i.offer_id,
    'offerLabel', i.offer_label
  ) order by i.position)
  from order_items i where i.order_id = "orders"."id"), '[]'::json)`;

/** An order's return lines, oldest first, as one JSON value of the row it is selected with. */
export const returnsJson = sql<OrderReturnLineView[]>`coalesce((
  select json_agg(json_build_object(
    'id', r.id, 'orderItemId', r.order_item_id, 'quantity', r.quantity, 'action', r.action,
    'exchangeColorName', r.exchange_color_name, 'exchangeSize', r.exchange_size,
    'state', r.state, 'refundPaise', r.refund_paise, 'requestedAt', r.requested_at,
    'declineReason', r.decline_reason, 'pickupCourier', r.pickup_courier,
    'pickupAwb', r.pickup_awb, 'pickupTrackingUrl', r.pickup_tracking_url,
    'outboundCourier', r.outbound_courier, 'outboundAwb', r.outbound_awb,
    'outboundTrackingUrl', r.outbound_tracking_url, 'pickedUpAt', r.picked_up_at
  ) order by r.requested_at, r.id)
  from order_return_lines r where r.order_id = "orders"."id"), '[]'::json)`;
