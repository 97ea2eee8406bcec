import { useState } from 'react';
import type { OrderStatus, PaymentStatus } from '@shop/domain/orders';
import { canResendConfirmation } from '@shop/domain/order-actions';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { ActionMessage, secondaryButton, type ActionOutcome } from './action-message';
import { orderActionsApi } from './order-actions-api';

/**
 * Mails the order's confirmation to its shopper again (she lost it, or it went to spam). The
 * server sends one a minute per order, so a double click sends one mail.
 */
export function ResendConfirmation({
  order,
  onSent,
}: {
  order: { _id: string; status: OrderStatus; paymentStatus: PaymentStatus };
  onSent: () => void;
}) {
  const { authed } = useAuth();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);

  if (!canResendConfirmation(order)) {
    return (
      <p className="text-sm text-muted">Only a paid order has a confirmation to send again.</p>
    );
  }

  async function resend() {
    setBusy(true);
    setOutcome(null);
    try {
      const { data } = await authed((api) => orderActionsApi(api).resendConfirmation(order._id));
      setOutcome({ ok: true, text: `Confirmation sent again to ${data.to}` });
      onSent();
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p className="text-sm text-muted">
        Mails the order confirmation to the shopper again, as it was sent when she paid.
      </p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void resend()}
        className={`${secondaryButton} mt-3`}
      >
        {busy ? 'Sending...' : 'Resend confirmation'}
      </button>
      <ActionMessage outcome={outcome} />
    </div>
  );
}
