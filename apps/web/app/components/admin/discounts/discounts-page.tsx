import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  adminDiscountsQuery,
  type AdminDiscount,
  type AdminDiscountsPage,
  type AdminDiscountsQuery,
} from '@shop/contracts/admin-discounts';
import { discountKinds, discountStates } from '@shop/domain/discount-definitions';
import { discountTypes } from '@shop/domain/discounts';
import { hasRole } from '@shop/domain/roles';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatRupees } from '../admin-format';
import { listLoader, useListData } from '../list-page/list-loader';
import {
  filterField,
  filterLabel,
  ListFilters,
  ListPage,
  listPrimary,
  SelectFilter,
} from '../list-page/list-page';
import { discountsApi } from './discounts-api';
import { conditionWords, offerWords, STATE_WORDS, StateBadge, usesWords } from './discount-words';

const KIND_WORDS = { percent: 'Percentage', flat: 'Flat amount' } as const;
const TYPE_WORDS = { coupon: 'Coupon', voucher: 'Voucher' } as const;

const column = createColumnHelper<AdminDiscount>();

const CodeLink = ({ discount }: { discount: AdminDiscount }) => (
  <Link
    to={`/admin/discounts/${discount._id}`}
    className="font-mono font-semibold text-brand-700 hover:underline"
  >
    {discount.code}
  </Link>
);

const columns = [
  column.accessor('code', {
    header: 'Code',
    cell: ({ row }) => (
      <div className="min-w-36">
        <CodeLink discount={row.original} />
        <div className="text-xs text-muted">{TYPE_WORDS[row.original.type]}</div>
      </div>
    ),
  }),
  column.accessor('value', {
    header: 'Offer',
    cell: ({ row }) => (
      <div className="min-w-48 max-w-sm">
        <div className="font-medium">{offerWords(row.original)}</div>
        <div className="text-xs text-muted">{conditionWords(row.original)}</div>
      </div>
    ),
  }),
  column.accessor('state', {
    header: 'State',
    cell: ({ getValue }) => <StateBadge state={getValue()} />,
  }),
  column.accessor('timesUsed', {
    header: 'Uses',
    cell: ({ row }) => <span className="whitespace-nowrap">{usesWords(row.original)}</span>,
  }),
  column.accessor('paidOrders', { header: 'Paid orders' }),
  column.accessor('revenue', {
    header: 'Revenue',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatRupees(getValue())}</span>,
  }),
  column.accessor('discountGiven', {
    header: 'Given away',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatRupees(getValue())}</span>,
  }),
];

function Filters({ query }: { query: AdminDiscountsQuery }) {
  return (
    <ListFilters
      schema={adminDiscountsQuery}
      label="Filter discount codes"
      submitText="Filter"
      clearTo="/admin/discounts"
      // Four short fields stay in view on phones: no sheet, whose 'Filters' button would read
      // like this form's own 'Filter'.
      search={
        <>
          <div>
            <label htmlFor="discounts-q" className={filterLabel}>
              Code
            </label>
            <input
              id="discounts-q"
              name="q"
              type="search"
              defaultValue={query.q}
              placeholder="Starts with…"
              className={filterField}
            />
          </div>
          <SelectFilter
            id="discounts-state"
            label="State"
            name="state"
            value={query.state}
            any="Any"
            choices={discountStates.map((state) => [state, STATE_WORDS[state]])}
          />
          <SelectFilter
            id="discounts-kind"
            label="Kind"
            name="kind"
            value={query.kind}
            any="Any"
            choices={discountKinds.map((kind) => [kind, KIND_WORDS[kind]])}
          />
          <SelectFilter
            id="discounts-type"
            label="Type"
            name="type"
            value={query.type}
            any="Any"
            choices={discountTypes.map((type) => [type, TYPE_WORDS[type]])}
          />
        </>
      }
    />
  );
}

function DiscountCard({ discount }: { discount: AdminDiscount }) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        <CodeLink discount={discount} />
        <StateBadge state={discount.state} />
      </div>
      <p className="font-medium">{offerWords(discount)}</p>
      <p className="text-muted">{conditionWords(discount)}</p>
      <p className="mt-1">
        Uses {usesWords(discount)} · {discount.paidOrders} paid · {formatRupees(discount.revenue)}{' '}
        revenue · {formatRupees(discount.discountGiven)} given away
      </p>
    </>
  );
}

/** The codes for the URL's filters, loaded in the browser with the signed-in client. */
export const discountsLoader = listLoader(adminDiscountsQuery, (api: ApiClient, query) =>
  discountsApi(api).list(query),
);

/** /admin/discounts: every code with its state, uses and what it brought in; newest first. */
export function DiscountsPage() {
  const { user } = useAuth();
  const { query, problem, load, reload } = useListData<AdminDiscountsQuery, AdminDiscountsPage>();
  const ready = load.state === 'ready' ? load.data : null;
  const owner = user ? hasRole(user.role, 'owner') : false;

  return (
    <ListPage
      title="Discounts"
      actions={
        owner ? (
          <Link to="/admin/discounts/new" className={listPrimary}>
            New code
          </Link>
        ) : null
      }
      intro={
        <p className="-mt-4 text-sm text-muted">
          Revenue counts paid orders placed with the code, less their refunds.
        </p>
      }
      filters={<Filters query={query} />}
      problem={problem}
      problemFallback="Showing every code instead."
      load={load}
      reload={reload}
      rows={ready?.discounts ?? []}
      next={ready?.next ?? null}
      label="Discount codes"
      pagerLabel="Pages of discount codes"
      columns={columns}
      rowId={(row) => row._id}
      card={(row) => <DiscountCard discount={row} />}
      loadingText="Loading discount codes..."
      emptyText="No discount codes match these filters."
    />
  );
}
