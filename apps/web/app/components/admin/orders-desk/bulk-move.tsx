import { useState, type FormEvent } from 'react';
import type { OrdersDeskRow } from '@shop/contracts/orders-desk';
import { orderStatuses, statusLabel, type OrderStatus } from '@shop/domain/orders';
import { moveNeedsReason, shopMoveLabels, shopMovesFrom } from '@shop/domain/orders-desk';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { ordersDeskApi } from './orders-desk-api';

export interface MoveOutcome {
  orderNumber: string;
  ok: boolean;
  message: string;
}

/**
 * Moves the selected orders to one status, one call each through the shop's status route (which
 * checks each order against the transition table), and shows how each one went.
 */
export function BulkMove({
  orders,
  onDone,
}: {
  orders: OrdersDeskRow[];
  onDone: (outcomes: MoveOutcome[]) => void;
}) {
  const { authed } = useAuth();
  // Only the moves at least one selected order may make are offered.
  const targets = orderStatuses.filter((to) =>
    orders.some((order) => shopMovesFrom(order.status).includes(to)),
  );
  const [to, setTo] = useState<OrderStatus | ''>('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const needsReason = to !== '' && moveNeedsReason(to);

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (to === '' || (needsReason && reason.trim() === '')) return;
    setBusy(true);
    const results: MoveOutcome[] = [];
    for (const order of orders) {
      try {
        await authed((api) =>
          ordersDeskApi(api).setStatus(order._id, to, needsReason ? reason.trim() : undefined),
        );
        results.push({ orderNumber: order.orderNumber, ok: true, message: statusLabel(to) });
      } catch (error) {
        results.push({ orderNumber: order.orderNumber, ok: false, message: errorMessage(error) });
      }
    }
    setBusy(false);
    onDone(results);
  }

  return (
    <section
      aria-labelledby="bulk-title"
      className="rounded-2xl border border-brand-200 bg-white p-4"
    >
      <h2 id="bulk-title" className="font-medium">
        {orders.length} selected
      </h2>
      <form onSubmit={apply} className="mt-2 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="bulk-to" className="block text-sm font-medium">
            Move to
          </label>
          <select
            id="bulk-to"
            value={to}
            onChange={(event) => setTo(event.target.value as OrderStatus | '')}
            className="mt-1 rounded-xl border border-line bg-white px-3 py-2 text-sm"
          >
            <option value="">Choose a status</option>
            {targets.map((status) => (
              <option key={status} value={status}>
                {shopMoveLabels[status]}
              </option>
            ))}
          </select>
        </div>
        {needsReason ? (
          <div className="min-w-60 flex-1">
            <label htmlFor="bulk-reason" className="block text-sm font-medium">
              Reason (the shopper reads it)
            </label>
            <input
              id="bulk-reason"
              value={reason}
              required
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              className="mt-1 block w-full rounded-xl border border-line px-3 py-2 text-sm"
            />
          </div>
        ) : null}
        <button
          type="submit"
          disabled={busy || to === ''}
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? 'Moving...' : 'Apply to selected'}
        </button>
      </form>
    </section>
  );
}

/** How each order of the last bulk move went (kept by the page: the selection is gone by then). */
export function MoveOutcomes({ outcomes }: { outcomes: MoveOutcome[] }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {outcomes.length > 0 ? (
        <section
          aria-labelledby="outcomes-title"
          className="rounded-2xl border border-line bg-white p-4"
        >
          <h2 id="outcomes-title" className="font-medium">
            Last move
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {outcomes.map((outcome) => (
              <li
                key={outcome.orderNumber}
                className={outcome.ok ? 'text-green-800' : 'text-brand-800'}
              >
                {outcome.orderNumber}:{' '}
                {outcome.ok ? `moved to ${outcome.message}` : outcome.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
