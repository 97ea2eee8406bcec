/**
 * Orders: their statuses, who may move them where, and the return and modification rules.
 * Components and services ask this module; no status string is compared anywhere else.
 */
import { orderPaymentStatuses, type OrderPaymentStatus } from './payments.ts';

export const orderStatuses = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'return_requested',
  'returned',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** An order's payment status (the table and its meanings live with the payment rules). */
export const paymentStatuses = orderPaymentStatuses;
export type PaymentStatus = OrderPaymentStatus;

/** Who moves an order: the shopper herself, the shop (an admin), or the server's own sweeps. */
export type OrderActor = 'shopper' | 'shop' | 'system';

/**
 * The one table of allowed moves. `pending` is a placed order, paid or awaiting payment; a paid
 * order confirms itself once the modification window has passed (or the shop confirms it).
 */
export const orderTransitions = {
  pending: { confirmed: ['shop', 'system'], cancelled: ['shopper', 'shop', 'system'] },
  confirmed: { processing: ['shop'], cancelled: ['shop'] },
  processing: { shipped: ['shop'], cancelled: ['shop'] },
  shipped: { delivered: ['shop'] },
  delivered: { return_requested: ['shopper'] },
  // The shop either takes the return in, or refuses it and the order stays delivered.
  return_requested: { returned: ['shop'], delivered: ['shop'] },
  cancelled: {},
  returned: {},
} as const satisfies Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>>;

/** Statuses that send goods on their way: an order paid online reaches them only once paid. */
const AFTER_PAYMENT: readonly OrderStatus[] = ['confirmed', 'processing', 'shipped', 'delivered'];

export function needsPaymentFor(to: OrderStatus): boolean {
  return AFTER_PAYMENT.includes(to);
}

export type TransitionCheck = { ok: true } | { ok: false; message: string };

export function statusLabel(status: OrderStatus): string {
  return status.replace(/_/g, ' ').toUpperCase();
}

export function transition(from: OrderStatus, to: OrderStatus, actor: OrderActor): TransitionCheck {
  const allowed = (orderTransitions[from] as Partial<Record<OrderStatus, readonly OrderActor[]>>)[
    to
  ];
  if (!allowed) {
    return {
      ok: false,
      message: `An order that is ${statusLabel(from)} cannot become ${statusLabel(to)}`,
    };
  }
  if (!allowed.includes(actor)) {
    return { ok: false, message: `Only the shop can mark an order ${statusLabel(to)}` };
  }
  return { ok: true };
}

/** A paid order can be changed or cancelled for two hours; then it confirms itself. */
export const MODIFICATION_WINDOW_MS = 2 * 60 * 60 * 1000;
/** Exchanges and returns are accepted for 3 days from delivery. */
export const RETURN_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/** Categories and subcategories the exchange policy excludes for hygiene or as final sale. */
export const NON_RETURNABLE_CATEGORY_SLUGS = ['panties', 'beauty', 'clearance'] as const;
export const NON_RETURNABLE_SUBCATEGORY_SLUGS = ['shapewear'] as const;

export interface ReturnableItem {
  productName: string;
  categorySlug: string;
  subcategorySlug: string | null;
}

export function isReturnable(item: ReturnableItem): boolean {
  return (
    !(NON_RETURNABLE_CATEGORY_SLUGS as readonly string[]).includes(item.categorySlug) &&
    !(NON_RETURNABLE_SUBCATEGORY_SLUGS as readonly string[]).includes(item.subcategorySlug ?? '')
  );
}

/** Whether a shopper may ask to return an order now, and if not, why. */
export function returnCheck(order: {
  status: OrderStatus;
  deliveredAt: Date | null;
  items: readonly ReturnableItem[];
  now: Date;
}): TransitionCheck {
  if (order.status !== 'delivered') {
    return { ok: false, message: 'A return can be requested only for a delivered order' };
  }
  if (!order.deliveredAt || order.now.getTime() - order.deliveredAt.getTime() > RETURN_WINDOW_MS) {
    return { ok: false, message: 'The 3-day return window for this order has closed' };
  }
  const excluded = order.items.filter((item) => !isReturnable(item));
  if (excluded.length > 0) {
    return {
      ok: false,
      message: `For hygiene reasons ${excluded.map((item) => item.productName).join(', ')} cannot be returned`,
    };
  }
  return { ok: true };
}

/** The shopper may cancel only while the order is pending (paid or not). */
export function cancelCheck(status: OrderStatus): TransitionCheck {
  if (status !== 'pending') {
    return {
      ok: false,
      message: `An order that is ${statusLabel(status)} can no longer be cancelled`,
    };
  }
  return { ok: true };
}
