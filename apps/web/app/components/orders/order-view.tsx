import { useEffect, useId, useState } from 'react';
import type { Order, OrderRefund, OrderReturnLine, ReturnParcel } from '@shop/contracts/orders';
import { orderShopperView, type OrderShopperView, type OrderStatus } from '@shop/domain/orders';
import type { ReturnLineState } from '@shop/domain/returns';
import { formatAmount } from '../../lib/format';

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

const waiting = 'bg-amber-100 text-amber-900';
const settled = 'bg-green-100 text-green-900';
const refused = 'bg-red-100 text-red-900';

/** A refused line reads red, one settled (money or replacement on its way) green, the rest amber. */
const returnStateColours: Record<ReturnLineState, string> = {
  requested: waiting,
  approved: waiting,
  pickup_scheduled: waiting,
  received: waiting,
  qc_passed: waiting,
  restocked: waiting,
  qc_failed: refused,
  sent_back: refused,
  declined: refused,
  refunded: settled,
  replacement_queued: settled,
  replacement_shipped: settled,
};

/** A return parcel's AWB, linked to the courier's tracking page when there is one. */
function ParcelLink({ label, parcel }: { label: string; parcel: ReturnParcel }) {
  return (
    <span className="block text-muted">
      {label}{' '}
      {parcel.trackingUrl ? (
        <a className="underline" href={parcel.trackingUrl} target="_blank" rel="noreferrer">
          {parcel.awb}
        </a>
      ) : (
        parcel.awb
      )}
    </span>
  );
}

/**
 * The order's exchanged and returned lines, each with where it stands and, once a returned line
 * is back, the refund it earned (its price less its share of the order's discount).
 */
export function ReturnLines({ returns }: { returns: readonly OrderReturnLine[] }) {
  const headingId = useId();
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-3 border-t border-line pt-3 text-sm">
      <h3 id={headingId} className="font-medium">
        Exchanges and returns
      </h3>
      <ul className="mt-2 space-y-2">
        {returns.map((line) => (
          <li key={line._id} data-testid="return-line" className="flex flex-wrap gap-x-3 gap-y-1">
            <span className="min-w-0 flex-1 basis-40">
              {line.productName} × {line.quantity}
              <span className="block text-muted">
                {line.exchangeFor
                  ? `Exchange for ${line.exchangeFor.colorName}, size ${line.exchangeFor.size.toUpperCase()}`
                  : 'Return for refund'}
              </span>
              {line.declineReason && <span className="block text-muted">{line.declineReason}</span>}
              {line.pickup && <ParcelLink label="Pickup AWB" parcel={line.pickup} />}
              {line.parcel && (
                <ParcelLink
                  label={
                    line.action === 'exchange' && !line.declineReason ? 'Replacement AWB' : 'AWB'
                  }
                  parcel={line.parcel}
                />
              )}
            </span>
            <span className="flex flex-col items-end gap-1">
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${returnStateColours[line.state]}`}
              >
                {line.stateLabel}
              </span>
              {line.refundAmount !== null && <span>Refund {formatAmount(line.refundAmount)}</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Units of each line the shop has refunded or is refunding, by item id (from the order's refunds). */
export function refundedUnitsOf(
  refunds: readonly OrderRefund[],
): Map<string, { units: number; done: boolean }> {
  const units = new Map<string, { units: number; done: boolean }>();
  for (const refund of refunds) {
    for (const line of refund.lines) {
      const known = units.get(line.itemId);
      units.set(line.itemId, {
        units: (known?.units ?? 0) + line.quantity,
        done: (known?.done ?? true) && refund.refunded,
      });
    }
  }
  return units;
}

/** A line's refund tag: green once the money reached the shopper, amber while on its way. */
export function LineRefundTag({
  refunded,
}: {
  refunded: { units: number; done: boolean } | undefined;
}) {
  if (!refunded) return null;
  return (
    <span
      data-testid="line-refund"
      className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${
        refunded.done ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {refunded.done ? 'Refunded' : 'Refund in progress'}
      {refunded.units > 1 ? ` (${refunded.units})` : ''}
    </span>
  );
}

/**
 * Money the shop sent back for the order: each refund with its amount, whether it has reached her
 * account, and the items it was for.
 */
export function RefundLines({ refunds }: { refunds: readonly OrderRefund[] }) {
  const headingId = useId();
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-3 border-t border-line pt-3 text-sm">
      <h3 id={headingId} className="font-medium">
        Refunds
      </h3>
      <ul className="mt-2 space-y-2">
        {refunds.map((refund) => (
          <li key={refund._id} data-testid="refund-line" className="flex flex-wrap gap-x-3 gap-y-1">
            <span className="min-w-0 flex-1 basis-40">
              {formatAmount(refund.amount)}
              <span className="block text-muted">
                {refund.lines.length > 0
                  ? refund.lines.map((line) => `${line.productName} × ${line.quantity}`).join(', ')
                  : new Date(refund.createdAt).toLocaleDateString('en-IN', { dateStyle: 'long' })}
              </span>
            </span>
            <span
              className={`self-start rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                refund.refunded ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'
              }`}
            >
              {refund.label}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
