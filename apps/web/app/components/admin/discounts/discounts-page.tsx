import { useMemo, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminDiscount, AdminDiscountsQuery } from '@shop/contracts/admin-discounts';
import { discountKinds, discountStates } from '@shop/domain/discount-definitions';
import { discountTypes } from '@shop/domain/discounts';
import { hasRole } from '@shop/domain/roles';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatRupees } from '../admin-format';
import { AdminTable, CursorPager } from '../admin-table';
import { useAdminLoad } from '../use-admin-load';
import { useCursorPages } from '../use-cursor-pages';
import { discountsApi } from './discounts-api';
import { discountsQueryFromParams } from './discounts-query';
import { conditionWords, offerWords, STATE_WORDS, StateBadge, usesWords } from './discount-words';

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
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
  const [params, setParams] = useSearchParams();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      const text = String(value).trim();
      if (text) next.set(key, text);
    }
    // New filters start from their first page.
    setParams(next);
  }

  const select = (
    name: string,
    label: string,
    value: string | undefined,
    options: [string, string][],
  ) => (
    <div>
      <label htmlFor={`discounts-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <select id={`discounts-${name}`} name={name} defaultValue={value ?? ''} className={field}>
        <option value="">Any</option>
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form
      key={params.toString()}
      onSubmit={submit}
      role="search"
      aria-label="Filter discount codes"
      className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_10rem_10rem_10rem_auto] lg:items-end"
    >
      <div>
        <label htmlFor="discounts-q" className="block text-sm font-medium">
          Code
        </label>
        <input
          id="discounts-q"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="Starts with…"
          className={field}
        />
      </div>
      {select(
        'state',
        'State',
        query.state,
        discountStates.map((state) => [state, STATE_WORDS[state]]),
      )}
      {select(
        'kind',
        'Kind',
        query.kind,
        discountKinds.map((kind) => [kind, KIND_WORDS[kind]]),
      )}
      {select(
        'type',
        'Type',
        query.type,
        discountTypes.map((type) => [type, TYPE_WORDS[type]]),
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Filter
        </button>
        <Link to="/admin/discounts" className={button}>
          Clear
        </Link>
      </div>
    </form>
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

const listDiscounts = (api: ApiClient, query: AdminDiscountsQuery) => discountsApi(api).list(query);

/** /admin/discounts: every code with its state, uses and what it brought in; newest first. */
export function DiscountsPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const key = params.toString();
  const { query, problem } = useMemo(
    () => discountsQueryFromParams(new URLSearchParams(key)),
    [key],
  );
  const { load, reload } = useAdminLoad(key, query, listDiscounts);
  const pages = useCursorPages();
  const owner = user ? hasRole(user.role, 'owner') : false;

  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl">Discounts</h1>
          <p className="mt-1 text-sm text-muted">
            Revenue counts paid orders placed with the code, less their refunds.
          </p>
        </div>
        {owner ? (
          <Link
            to="/admin/discounts/new"
            className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            New code
          </Link>
        ) : null}
      </div>
      <Filters query={query} />
      {problem ? (
        <p role="alert" className="text-sm text-brand-800">
          {problem}. Showing every code instead.
        </p>
      ) : null}
      <AdminTable
        label="Discount codes"
        load={load}
        rows={load.state === 'ready' ? load.data.discounts : []}
        columns={columns}
        rowId={(row) => row._id}
        card={(row) => <DiscountCard discount={row} />}
        loadingText="Loading discount codes..."
        emptyText="No discount codes match these filters."
        onRetry={reload}
      />
      <CursorPager
        label="Pages of discount codes"
        pages={pages}
        next={load.state === 'ready' ? load.data.next : null}
      />
    </section>
  );
}
