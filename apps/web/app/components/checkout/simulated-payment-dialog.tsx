import { useState } from 'react';
import { formatMoney } from '@shop/domain/money';
import { ApiError } from '../../lib/api-client';
import { orderApi, type PaymentStart } from '../orders/order-api';
import { useAuth } from '../../lib/auth-session';
import { useModalDialog } from '../use-modal-dialog';
import type { PaymentCallbacks } from './payment-window';

/**
 * The payment simulator's window: looks and answers like Razorpay's (pay, fail, close) and calls
 * the same callbacks, with a payment signed by the shop's simulator exactly as Razorpay signs.
 */
export function SimulatedPaymentDialog({
  start,
  callbacks,
}: {
  start: PaymentStart;
  callbacks: PaymentCallbacks;
}) {
  const { authed } = useAuth();
  const dialogRef = useModalDialog(true);
  const [busy, setBusy] = useState(false);

  async function pay(outcome: 'success' | 'failure') {
    setBusy(true);
    try {
      const { data } = await authed((api) =>
        orderApi(api).simulatePayment(start.razorpayOrderId, outcome),
      );
      callbacks.onSuccess(data);
    } catch (error) {
      callbacks.onFailure({
        description: error instanceof ApiError ? error.message : 'Payment failed',
      });
    }
  }

  return (
    <dialog
      ref={dialogRef}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) callbacks.onDismiss();
      }}
      aria-labelledby="simulated-payment-title"
      className="m-auto w-[min(92vw,24rem)] rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      <div className="bg-[#0b2f6b] px-5 py-4 text-white">
        <p id="simulated-payment-title" className="font-semibold">
          Lacebloom · Order Payment
        </p>
        <p className="text-sm opacity-80">Payment simulator (no money moves)</p>
      </div>
      <div className="space-y-3 p-5">
        <p className="text-lg">
          Amount <strong>{formatMoney(start.amount)}</strong>
        </p>
        <p className="text-sm text-muted">Cards, UPI, Net Banking</p>
        <button
          type="button"
          disabled={busy}
          onClick={() => void pay('success')}
          className="w-full rounded-lg bg-[#3395ff] py-2.5 font-medium text-white disabled:opacity-60"
        >
          Pay {formatMoney(start.amount)}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void pay('failure')}
          className="w-full rounded-lg border border-line py-2.5 font-medium disabled:opacity-60"
        >
          Simulate a failed payment
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={callbacks.onDismiss}
          className="w-full py-2 text-sm text-muted underline"
        >
          Close
        </button>
      </div>
    </dialog>
  );
}
