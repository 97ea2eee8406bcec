import { useState } from 'react';
import type { Order } from '@shop/contracts/orders';
import { formatIndiaDateTime } from '../admin-format';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { ActionMessage, secondaryButton, type ActionOutcome } from './action-message';
import { orderActionsApi } from './order-actions-api';

/**
 * A cash-on-delivery order's confirmation: the shopper's mailed code, or the shop after calling
 * her (for a shopper without the mail, or who spent her tries). Unconfirmed, nothing is packed.
 */
export function CodConfirmation({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const { authed } = useAuth();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);

  if (order.codConfirmedAt) {
    return (
      <p className="text-sm">
        Confirmed {formatIndiaDateTime(order.codConfirmedAt)}. The courier collects the total at the
        door.
      </p>
    );
  }
  if (order.status !== 'pending' || order.paymentStatus !== 'cod_pending') {
    return <p className="text-sm text-muted">This order was never confirmed.</p>;
  }

  async function confirm() {
    setBusy(true);
    setOutcome(null);
    try {
      await authed((api) => orderActionsApi(api).confirmCashOnDelivery(order._id));
      setOutcome({ ok: true, text: 'Cash on delivery confirmed' });
      onChanged();
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p className="text-sm text-muted">
        Waiting for the shopper&apos;s code until {formatIndiaDateTime(order.paymentDueAt)}. Call
        her at {order.shippingAddress.phone} and confirm here if she wants the order.
      </p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void confirm()}
        className={`${secondaryButton} mt-3`}
      >
        {busy ? 'Confirming...' : 'Confirm after a call'}
      </button>
      <ActionMessage outcome={outcome} />
    </div>
  );
}
