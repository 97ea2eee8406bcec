import { useState, type FormEvent } from 'react';
import { statusLabel, type OrderStatus } from '@shop/domain/orders';
import { moveNeedsReason, shopMoveLabels, shopMovesFrom } from '@shop/domain/orders-desk';
import { SHIPPABLE_ORDER_STATUSES } from '@shop/domain/shipping';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { ordersDeskApi } from '../orders-desk/orders-desk-api';

/**
 * The moves the transition table gives the shop from this status, as buttons; a move that the
 * shopper must be told the reason for (a cancel) asks for it first. Shipped is no button here:
 * an order ships with its parcel, from the Shipment card.
 */
export function StatusMoves({
  orderId,
  status,
  onMoved,
}: {
  orderId: string;
  status: OrderStatus;
  onMoved: () => void;
}) {
  const { authed } = useAuth();
  const moves = shopMovesFrom(status);
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function move(to: OrderStatus, why?: string) {
    setBusy(true);
    setMessage(null);
    try {
      await authed((api) => ordersDeskApi(api).setStatus(orderId, to, why));
      setMessage({ ok: true, text: `Moved to ${statusLabel(to)}` });
      setAsking(null);
      setReason('');
      onMoved();
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (asking && reason.trim() !== '') void move(asking, reason.trim());
  }

  return (
    <div>
      {moves.length === 0 ? (
        <p className="text-sm text-muted">
          No moves are open to the shop from {statusLabel(status)}.
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {moves.map((to) => (
            <button
              key={to}
              type="button"
              disabled={busy}
              onClick={() => (moveNeedsReason(to) ? setAsking(to) : void move(to))}
              className={
                to === 'cancelled'
                  ? 'rounded-full border border-brand-300 bg-white px-4 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:opacity-60'
                  : 'rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60'
              }
            >
              {shopMoveLabels[to]}
            </button>
          ))}
        </div>
      )}
      {SHIPPABLE_ORDER_STATUSES.includes(status) ? (
        <p className="mt-2 text-sm text-muted">
          To ship it, use the Shipment card: book the courier, or enter the courier and AWB.
        </p>
      ) : null}
      {asking ? (
        <form onSubmit={confirm} className="mt-3">
          <label htmlFor="move-reason" className="block text-sm font-medium">
            Reason for the shopper
          </label>
          <textarea
            id="move-reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={500}
            required
            className="mt-1 block w-full rounded-xl border border-line px-3 py-2 text-sm"
          />
          <div className="mt-2 flex gap-2">
            <button
              type="submit"
              disabled={busy || reason.trim() === ''}
              className="rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {shopMoveLabels[asking]}
            </button>
            <button
              type="button"
              onClick={() => setAsking(null)}
              className="rounded-full border border-line px-4 py-2 text-sm font-medium"
            >
              Keep it
            </button>
          </div>
        </form>
      ) : null}
      <div aria-live="polite">
        {message ? (
          <p className={`mt-2 text-sm ${message.ok ? 'text-green-800' : 'text-brand-800'}`}>
            {message.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
