import { useState } from 'react';
import { orderStatusUpdateSchema } from '@shop/contracts/orders';
import { statusLabel, type OrderStatus } from '@shop/domain/orders';
import { moveNeedsReason, shopMoveLabels, shopMovesFrom } from '@shop/domain/orders-desk';
import { SHIPPABLE_ORDER_STATUSES } from '@shop/domain/shipping';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { Form, FormError, SubmitButton, TextArea } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import { ordersDeskApi } from '../orders-desk/orders-desk-api';

const primary =
  'rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60';

/** The reason a move (a cancel) needs, with the route's own schema; `move` throws a refusal. */
function ReasonForm({
  to,
  move,
  onKeep,
}: {
  to: OrderStatus;
  move: (to: OrderStatus, why: string | undefined) => Promise<void>;
  onKeep: () => void;
}) {
  const form = useAdminForm(
    orderStatusUpdateSchema,
    { status: to, reason: '' },
    { invalidMessage: null },
  );
  return (
    <Form form={form} onSubmit={(values) => move(values.status, values.reason)} className="mt-3">
      <TextArea
        name="reason"
        id="move-reason"
        label="Reason for the shopper"
        rows={3}
        maxLength={500}
      />
      {form.status?.message ? (
        <FormError status={form.status} className="mt-2 text-sm text-brand-800" />
      ) : null}
      <div className="mt-2 flex gap-2">
        <SubmitButton busy={form.busy} busyText={shopMoveLabels[to]} className={primary}>
          {shopMoveLabels[to]}
        </SubmitButton>
        <button
          type="button"
          onClick={onKeep}
          className="rounded-full border border-line px-4 py-2 text-sm font-medium"
        >
          Keep it
        </button>
      </div>
    </Form>
  );
}

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
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  /** Moves the order; a refusal is thrown for the caller to show. */
  async function move(to: OrderStatus, why?: string) {
    setBusy(true);
    setMessage(null);
    try {
      await authed((api) => ordersDeskApi(api).setStatus(orderId, to, why));
    } finally {
      setBusy(false);
    }
    setMessage({ ok: true, text: `Moved to ${statusLabel(to)}` });
    setAsking(null);
    onMoved();
  }

  function moveNow(to: OrderStatus) {
    move(to).catch((error: unknown) => setMessage({ ok: false, text: errorMessage(error) }));
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
              onClick={() => (moveNeedsReason(to) ? setAsking(to) : moveNow(to))}
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
        <ReasonForm key={asking} to={asking} move={move} onKeep={() => setAsking(null)} />
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
