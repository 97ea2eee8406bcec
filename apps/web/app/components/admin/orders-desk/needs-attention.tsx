import { Link } from 'react-router';
import type { OrdersDeskRow } from '@shop/contracts/orders-desk';
import { attentionAction } from '@shop/domain/order-actions';
import { formatRupees, stateWords } from '../admin-format';

/**
 * Above the desk's list, oldest first: payments held for review and refunds that failed, each
 * with what the shop should do about it. Only a person can settle these.
 */
export function NeedsAttention({ rows }: { rows: readonly OrdersDeskRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="attention-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="attention-title" className="font-medium text-amber-950">
        Needs attention ({rows.length})
      </h2>
      <p className="text-sm text-amber-950">
        Payments held for review and refunds that failed: only the shop can settle these.
      </p>
      <ul className="mt-3 space-y-2">
        {rows.map((row) => (
          <li
            key={row._id}
            data-testid="attention-row"
            className="rounded-xl border border-amber-200 bg-white p-3 text-sm text-amber-950"
          >
            <Link
              to={`/admin/orders/${row._id}`}
              className="font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              {row.orderNumber}
            </Link>{' '}
            · {stateWords(row.paymentStatus)} · {formatRupees(row.total)} · {row.customer.name}
            <p className="mt-1">{attentionAction(row)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
