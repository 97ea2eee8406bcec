import { useState, type FormEvent } from 'react';
import type { Order } from '@shop/contracts/orders';
import type { OrderDeskDetail, OrderRefundRow } from '@shop/contracts/orders-desk';
import { orderRefundSchema, type OrderRefundInput } from '@shop/contracts/order-actions';
import { paiseToRupees, rupeesToPaise } from '@shop/domain/money';
import type { RefundState } from '@shop/domain/payments';
import {
  planShopRefund,
  refundablePaise,
  refundedUnits,
  type OrderToRefund,
} from '@shop/domain/refunds';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime, formatRupees, stateWords } from '../admin-format';
import { ActionMessage, primaryButton, type ActionOutcome } from './action-message';
import { orderActionsApi } from './order-actions-api';

/** A refund's state in the shop's words, with a colour: failed ones must catch the eye. */
const refundStateLooks: Record<RefundState, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-900' },
  sent: { label: 'With the provider', className: 'bg-blue-100 text-blue-900' },
  processed: { label: 'Processed', className: 'bg-green-100 text-green-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-900' },
};

/** The order's money as the refund rules read it, from what the desk answers. */
function toRefundable(detail: OrderDeskDetail): OrderToRefund {
  const { order } = detail;
  // A payment refunded in full reads 'refunded': its money arrived all the same.
  const paid = detail.payments.find(
    (payment) => payment.status === 'paid' || payment.status === 'refunded',
  );
  return {
    items: order.items.map((item) => ({
      id: item._id,
      productName: item.productName,
      quantity: item.quantity,
      itemTotalPaise: rupeesToPaise(item.itemTotal),
    })),
    discountPaise: rupeesToPaise(order.totalDiscountAmount),
    totalPaise: rupeesToPaise(order.total),
    paymentStatus: order.paymentStatus,
    paidPaise: paid?.providerPaymentId ? rupeesToPaise(paid.amount) : 0,
    refunds: detail.refunds
      .filter((refund) => !paid || refund.providerPaymentId === paid.providerPaymentId)
      .map((refund) => ({
        state: refund.state,
        reason: refund.reason,
        amountPaise: rupeesToPaise(refund.amount),
        lines: refund.lines,
      })),
  };
}

function RefundList({ refunds }: { refunds: readonly OrderRefundRow[] }) {
  if (refunds.length === 0) return <p className="text-sm text-muted">No refunds.</p>;
  return (
    <ul className="space-y-3 text-sm" aria-label="Refunds of this order">
      {refunds.map((refund) => {
        const looks = refundStateLooks[refund.state];
        return (
          <li key={refund._id} className="rounded-xl bg-cream p-3" data-testid="refund-row">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium">
                {formatRupees(refund.amount)} ·{' '}
                {refund.reason === 'shop' ? 'by hand' : stateWords(refund.reason)}
              </p>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${looks.className}`}
              >
                {looks.label}
              </span>
            </div>
            {refund.lines.length > 0 ? (
              <p>
                {refund.lines.map((line) => `${line.quantity} × ${line.productName}`).join(', ')}
              </p>
            ) : null}
            {refund.note ? <p className="whitespace-pre-line break-words">{refund.note}</p> : null}
            <p className="break-all text-muted">
              {formatIndiaDateTime(refund.createdAt)} ·{' '}
              {refund.providerRefundId ?? 'not at the provider yet'} · {refund.attempts}{' '}
              {refund.attempts === 1 ? 'attempt' : 'attempts'}
            </p>
            {refund.state === 'failed' ? (
              <p className="text-brand-800">
                {refund.lastError ?? 'The provider refused it'}. Nothing was sent back: refund the
                amount again below.
              </p>
            ) : refund.lastError ? (
              <p className="text-brand-800">{refund.lastError}</p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

type Mode = 'lines' | 'amount';

/**
 * The order's refunds with their states, and a refund by hand: units of chosen lines (each at its
 * price less its share of the discount, worked out by the same rule as the server) or an amount,
 * with the reason. The server decides; this screen previews and shows what it said.
 */
export function RefundPanel({
  detail,
  onRefunded,
}: {
  detail: OrderDeskDetail;
  onRefunded: () => void;
}) {
  const { authed } = useAuth();
  const order: Order = detail.order;
  const refundable = toRefundable(detail);
  const leftPaise = refundablePaise(refundable);
  const earlier = refundedUnits(refundable.refunds);
  const [mode, setMode] = useState<Mode>('lines');
  const [units, setUnits] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);

  const chosen = order.items
    .map((item) => ({ itemId: item._id, quantity: Number(units[item._id] ?? 0) }))
    .filter((line) => Number.isFinite(line.quantity) && line.quantity > 0);
  const body: OrderRefundInput =
    mode === 'lines'
      ? { lines: chosen, note }
      : { amount: amount.trim() === '' ? Number.NaN : Number(amount), note };
  let preview: number | null = null;
  try {
    preview =
      mode === 'lines' && chosen.length > 0
        ? planShopRefund(refundable, { lines: chosen }).amountPaise
        : null;
  } catch {
    preview = null;
  }
  const canRefundHere = refundable.paidPaise > 0 && leftPaise > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = orderRefundSchema.safeParse(body);
    if (!parsed.success) {
      setOutcome({ ok: false, text: parsed.error.issues[0]?.message ?? 'Check the refund' });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const { data } = await authed((api) => orderActionsApi(api).refund(order._id, parsed.data));
      setOutcome({
        ok: true,
        text: `Refund of ${formatRupees(data.amount)} started: the provider sends it to the shopper's account.`,
      });
      setUnits({});
      setAmount('');
      setNote('');
      onRefunded();
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <RefundList refunds={detail.refunds} />
      {canRefundHere ? (
        <form
          onSubmit={(event) => void submit(event)}
          className="border-t border-line pt-4"
          noValidate
        >
          <h3 className="font-medium">Refund by hand</h3>
          <p className="text-sm text-muted">
            {formatRupees(paiseToRupees(leftPaise))} can still be refunded. Staff refund up to the
            shop&apos;s limit; an owner refunds more.
          </p>
          <fieldset className="mt-3">
            <legend className="sr-only">Refund</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="refund-mode"
                  value="lines"
                  checked={mode === 'lines'}
                  onChange={() => setMode('lines')}
                  className="accent-brand-600"
                />
                Items
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="refund-mode"
                  value="amount"
                  checked={mode === 'amount'}
                  onChange={() => setMode('amount')}
                  className="accent-brand-600"
                />
                An amount
              </label>
            </div>
          </fieldset>
          {mode === 'lines' ? (
            <ul className="mt-3 space-y-2 text-sm">
              {order.items.map((item) => {
                const left = item.quantity - (earlier.get(item._id) ?? 0);
                const id = `refund-units-${item._id}`;
                return (
                  <li key={item._id} className="flex items-center justify-between gap-3">
                    <label htmlFor={id} className="min-w-0 flex-1">
                      {item.productName}
                      <span className="block text-muted">
                        {item.color.colorName} · Size {item.size} ·{' '}
                        {left === 0 ? 'refunded' : `${left} of ${item.quantity} left`}
                      </span>
                    </label>
                    <input
                      id={id}
                      type="number"
                      min={0}
                      max={left}
                      step={1}
                      disabled={left === 0}
                      value={units[item._id] ?? '0'}
                      onChange={(event) =>
                        setUnits((current) => ({ ...current, [item._id]: event.target.value }))
                      }
                      className="w-20 rounded-xl border border-line px-3 py-2 disabled:bg-cream"
                    />
                  </li>
                );
              })}
            </ul>
          ) : (
            <div className="mt-3">
              <label htmlFor="refund-amount" className="block text-sm font-medium">
                Amount in rupees
              </label>
              <input
                id="refund-amount"
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                placeholder={String(paiseToRupees(leftPaise))}
                className="mt-1 block w-40 rounded-xl border border-line px-3 py-2"
              />
            </div>
          )}
          <label htmlFor="refund-note" className="mt-3 block text-sm font-medium">
            Reason (for the shop&apos;s records)
          </label>
          <textarea
            id="refund-note"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={2}
            maxLength={500}
            className="mt-1 block w-full rounded-xl border border-line px-3 py-2 text-sm"
          />
          <button type="submit" disabled={busy} className={`${primaryButton} mt-3`}>
            {busy
              ? 'Refunding...'
              : preview !== null
                ? `Refund ${formatRupees(paiseToRupees(preview))}`
                : 'Refund'}
          </button>
          <ActionMessage outcome={outcome} />
        </form>
      ) : (
        <>
          <p className="text-sm text-muted">
            {refundable.paidPaise > 0
              ? 'Everything paid for this order has been refunded or is on its way back.'
              : 'Nothing to refund: no payment has arrived for this order.'}
          </p>
          <ActionMessage outcome={outcome} />
        </>
      )}
    </div>
  );
}
