import { useState } from 'react';
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form';
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
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime, formatRupees, stateWords } from '../admin-format';
import { FieldMessage, Form, Money, SubmitButton, TextArea } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
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

/** The form holds a count for every line; the refund sends the lines with units chosen. */
type RefundLines = NonNullable<OrderRefundInput['lines']>;
const chosenLines = (lines: RefundLines | undefined) =>
  (lines ?? []).filter((line) => line.quantity !== 0);

/**
 * The units of each line, 0 for none. The schema reads only the chosen lines, so a line's
 * problem is found at its place among them.
 */
function UnitsOfLines({ order, earlier }: { order: Order; earlier: Map<string, number> }) {
  const { register } = useFormContext<OrderRefundInput>();
  const lines = useWatch<OrderRefundInput, 'lines'>({ name: 'lines' });
  const { errors } = useFormState<OrderRefundInput>({ name: 'lines' });
  const chosen = chosenLines(lines);
  return (
    <>
      <ul className="mt-3 space-y-2 text-sm">
        {order.items.map((item, index) => {
          const left = item.quantity - (earlier.get(item._id) ?? 0);
          const id = `refund-units-${item._id}`;
          const place = chosen.findIndex((line) => line.itemId === item._id);
          const error =
            place < 0
              ? undefined
              : (get(errors, `lines.${place}.quantity`) as { message?: string } | undefined)
                  ?.message;
          return (
            <li key={item._id} className="flex flex-wrap items-center justify-between gap-3">
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
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className={`w-20 rounded-xl border px-3 py-2 disabled:bg-cream ${error ? 'border-brand-700' : 'border-line'}`}
                {...register(`lines.${index}.quantity`, {
                  setValueAs: (value: string) => (String(value).trim() === '' ? 0 : Number(value)),
                })}
              />
              {error ? (
                <p id={`${id}-error`} className="w-full text-sm text-brand-800">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {/* A problem of the list as a whole: react-hook-form keeps it as the list's root. */}
      <FieldMessage name="lines.root" />
    </>
  );
}

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
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const blank = (): OrderRefundInput => ({
    lines: order.items.map((item) => ({ itemId: item._id, quantity: 0 })),
    amount: undefined,
    note: '',
  });
  // The schema reads what the chosen way sends: the chosen lines, or the amount (a blank
  // amount is no amount of rupees, said so).
  const form = useAdminForm(orderRefundSchema, blank(), {
    prepare: (values) =>
      mode === 'lines'
        ? { lines: chosenLines(values.lines), note: values.note }
        : { amount: values.amount ?? Number.NaN, note: values.note },
  });
  const lines = useWatch({ control: form.control, name: 'lines' });

  const chosen = chosenLines(lines).filter(
    (line) => Number.isInteger(line.quantity) && line.quantity > 0,
  );
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

  async function submit(refund: OrderRefundInput) {
    setOutcome(null);
    const { data } = await authed((api) => orderActionsApi(api).refund(order._id, refund));
    setOutcome({
      ok: true,
      text: `Refund of ${formatRupees(data.amount)} started: the provider sends it to the shopper's account.`,
    });
    form.reset(blank());
    onRefunded();
  }

  return (
    <div className="flex flex-col gap-4">
      <RefundList refunds={detail.refunds} />
      {canRefundHere ? (
        <Form form={form} onSubmit={submit} className="border-t border-line pt-4">
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
                  onChange={() => {
                    setMode('lines');
                    form.clearErrors();
                  }}
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
                  onChange={() => {
                    setMode('amount');
                    form.clearErrors();
                  }}
                  className="accent-brand-600"
                />
                An amount
              </label>
            </div>
          </fieldset>
          {mode === 'lines' ? (
            <UnitsOfLines order={order} earlier={earlier} />
          ) : (
            <Money
              name="amount"
              id="refund-amount"
              label="Amount in rupees"
              className="mt-3"
              inputClassName="w-40"
              placeholder={String(paiseToRupees(leftPaise))}
            />
          )}
          <TextArea
            name="note"
            id="refund-note"
            className="mt-3"
            label="Reason (for the shop's records)"
            rows={2}
            maxLength={500}
          />
          <SubmitButton
            busy={form.busy}
            busyText="Refunding..."
            className={`${primaryButton} mt-3`}
          >
            {preview !== null ? `Refund ${formatRupees(paiseToRupees(preview))}` : 'Refund'}
          </SubmitButton>
          {form.status ? (
            <ActionMessage outcome={{ ok: form.status.ok, text: form.status.message }} />
          ) : (
            <ActionMessage outcome={outcome} />
          )}
        </Form>
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
