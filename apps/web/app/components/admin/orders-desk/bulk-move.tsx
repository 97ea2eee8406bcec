import { useWatch } from 'react-hook-form';
import { orderStatusUpdateSchema } from '@shop/contracts/orders';
import type { OrdersDeskRow } from '@shop/contracts/orders-desk';
import { orderStatuses, statusLabel, type OrderStatus } from '@shop/domain/orders';
import { moveNeedsReason, shopMoveLabels, shopMovesFrom } from '@shop/domain/orders-desk';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { Field, Form, Select, SubmitButton } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
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
  // The status route's own schema; a reason is sent only with a move that needs one.
  const form = useAdminForm(
    orderStatusUpdateSchema,
    { status: '' as OrderStatus, reason: '' },
    {
      invalidMessage: null,
      prepare: (values) => (moveNeedsReason(values.status) ? values : { status: values.status }),
    },
  );
  const to = useWatch({ control: form.control, name: 'status' });
  const needsReason = Boolean(to) && moveNeedsReason(to);

  async function apply({ status, reason }: { status: OrderStatus; reason?: string }) {
    const results: MoveOutcome[] = [];
    for (const order of orders) {
      try {
        await authed((api) => ordersDeskApi(api).setStatus(order._id, status, reason));
        results.push({ orderNumber: order.orderNumber, ok: true, message: statusLabel(status) });
      } catch (error) {
        results.push({ orderNumber: order.orderNumber, ok: false, message: errorMessage(error) });
      }
    }
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
      <Form
        form={form}
        announceProblems
        onSubmit={apply}
        className="mt-2 flex flex-wrap items-end gap-3"
      >
        <Select name="status" id="bulk-to" label="Move to" inputClassName="w-auto">
          <option value="">Choose a status</option>
          {targets.map((status) => (
            <option key={status} value={status}>
              {shopMoveLabels[status]}
            </option>
          ))}
        </Select>
        {needsReason ? (
          <Field
            name="reason"
            id="bulk-reason"
            className="min-w-60 flex-1"
            label="Reason (the shopper reads it)"
            maxLength={500}
          />
        ) : null}
        <SubmitButton
          busy={form.busy}
          busyText="Moving..."
          disabled={!to}
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Apply to selected
        </SubmitButton>
      </Form>
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
