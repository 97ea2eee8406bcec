import { useEffect, useState } from 'react';
import type { Order } from '@shop/contracts/orders';
import { orderShopperView, type OrderShopperView, type OrderStatus } from '@shop/domain/orders';

/** Each status has its own badge colour; a pending order is amber until it is paid, then green. */
const badgeColours: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-blue-100 text-blue-900',
  processing: 'bg-indigo-100 text-indigo-900',
  shipped: 'bg-purple-100 text-purple-900',
  delivered: 'bg-green-100 text-green-900',
  cancelled: 'bg-red-100 text-red-900',
  return_requested: 'bg-orange-100 text-orange-900',
  returned: 'bg-gray-200 text-gray-900',
};

/** The order's status badge, in capitals, as its shopper reads it (`orderShopperView`). */
export function OrderBadge({ order, view }: { order: Order; view: OrderShopperView }) {
  const colours =
    order.status === 'pending' && view.paid ? badgeColours.delivered : badgeColours[order.status];
  return (
    <span className={`rounded-full px-3 py-0.5 text-xs font-semibold uppercase ${colours}`}>
      {view.badge}
    </span>
  );
}

/** 'Pay by 3:45 pm': when an order awaiting payment is cancelled unpaid. */
export const payByTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' });

/**
 * The clock orders are drawn at: it moves on when the first of the orders awaiting payment is
 * due, so its Pay now goes away on time.
 */
export function useDueClock(orders: readonly Order[] | undefined) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const due = (orders ?? [])
      .filter((order) => orderShopperView(order, now).awaitingPayment)
      .map((order) => Date.parse(order.paymentDueAt));
    if (due.length === 0) return;
    const wait = Math.min(Math.max(0, Math.min(...due) - Date.now()) + 250, 2 ** 31 - 1);
    const timer = window.setTimeout(() => setNow(new Date()), wait);
    return () => window.clearTimeout(timer);
  }, [orders, now]);
  return now;
}
