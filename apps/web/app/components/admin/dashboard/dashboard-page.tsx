import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '@shop/contracts/dashboard';
import { DISPATCH_WINDOW_DAYS } from '@shop/domain/dispatch';
import type { ApiClient } from '../../../lib/api-client';
import { formatRupees } from '../admin-format';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { dashboardApi } from './dashboard-api';
import { presetRanges, rangeFromParams } from './dashboard-range';

const card = 'rounded-2xl border border-line bg-white p-4';
const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const count = (value: number) => value.toLocaleString('en-IN');

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className={card}>
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 font-serif text-2xl text-brand-800">{value}</p>
      {note ? <p className="mt-1 text-xs text-muted">{note}</p> : null}
    </div>
  );
}

/** What needs a person today, each linking where it is dealt with. */
function TodaysWork({ figures }: { figures: Dashboard }) {
  const oldest = figures.oldestAwaitingDays;
  const items = [
    {
      label: 'Waiting to be dispatched',
      value: count(figures.awaitingDispatch),
      note:
        oldest === null
          ? 'None waiting'
          : `Oldest placed ${oldest} day${oldest === 1 ? '' : 's'} ago${
              oldest > DISPATCH_WINDOW_DAYS.late
                ? ': late'
                : oldest > DISPATCH_WINDOW_DAYS.due
                  ? ': due'
                  : ''
            }`,
      to: '/admin/dispatch',
      alert: oldest !== null && oldest > DISPATCH_WINDOW_DAYS.due,
    },
    {
      label: 'Payments in review',
      value: count(figures.paymentsInReview),
      to: '/admin/orders?paymentStatus=payment_review',
      alert: figures.paymentsInReview > 0,
    },
    {
      label: 'Failed refunds',
      value: count(figures.failedRefunds),
      to: '/admin/orders',
      alert: figures.failedRefunds > 0,
    },
    {
      label: 'Sizes low on stock',
      value: count(figures.lowStock),
      to: '/admin/stock/low',
      alert: false,
    },
  ];
  return (
    <section aria-labelledby="todays-work" className="mt-8">
      <h2 id="todays-work" className="font-serif text-xl">
        Today&apos;s work
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 xl:grid-cols-4">
        {items.map((item) => {
          const body = (
            <>
              <p className="text-sm text-muted">{item.label}</p>
              <p
                className={`mt-1 font-serif text-2xl ${item.alert ? 'text-amber-800' : 'text-brand-800'}`}
              >
                {item.value}
              </p>
              {item.note ? <p className="mt-1 text-xs text-muted">{item.note}</p> : null}
            </>
          );
          return (
            <li key={item.label}>
              {item.to ? (
                <Link to={item.to} className={`${card} block hover:border-brand-300`}>
                  {body}
                </Link>
              ) : (
                <div className={card}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function DailyChart({ figures }: { figures: Dashboard }) {
  if (figures.daily.length < 2) return null;
  return (
    <section aria-labelledby="daily-revenue" className={`${card} mt-8`}>
      <h2 id="daily-revenue" className="font-serif text-xl">
        Revenue by day
      </h2>
      <div className="mt-3 h-64" role="img" aria-label="Revenue by day, bar chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={figures.daily} margin={{ left: 8, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} fontSize={12} />
            <YAxis
              tickFormatter={(value: number) => formatRupees(value)}
              width={90}
              fontSize={12}
            />
            <Tooltip formatter={(value) => formatRupees(Number(value))} />
            <Bar dataKey="revenue" name="Revenue" fill="#9d174d" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}

function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <div className={`${card} overflow-x-auto`}>
      <table className="w-full text-sm">
        <caption className="text-left font-serif text-xl">{caption}</caption>
        <thead>
          <tr className="text-left text-muted">
            {head.map((cell, index) => (
              <th key={cell} scope="col" className={`py-2 ${index > 0 ? 'text-right' : ''}`}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className="py-2 text-muted">
                Nothing sold in this range
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={String(row[0])} className="border-t border-line">
                {row.map((cell, index) => (
                  <td key={index} className={`py-2 ${index > 0 ? 'text-right' : ''}`}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The dashboard's figures for the range in the URL, loaded before the screen shows. */
export const dashboardLoader = screenLoader((api: ApiClient, _params, search) =>
  dashboardApi(api).figures(rangeFromParams(search).query),
);

/** The morning dashboard: a range's sales from the daily rollups, and today's work. */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const from = range.query.from;
  const to = range.query.to;
  const fetched = `${from}..${to}`;
  // Until the answer for this range arrives, the page shows it is loading.
  const { load } = useScreenData<Dashboard>();

  function custom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setParams({ from: String(form.get('from')), to: String(form.get('to')) });
  }

  return (
    <section>
      <h1 className="font-serif text-3xl">Dashboard</h1>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div role="group" aria-label="Range" className="flex flex-wrap gap-2">
          {presetRanges.map((preset) => (
            <button
              key={preset.key}
              type="button"
              aria-pressed={range.key === preset.key}
              onClick={() => setParams({ range: preset.key })}
              className={`rounded-full border px-4 py-2 text-sm font-medium ${
                range.key === preset.key
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-line bg-white hover:border-brand-300'
              }`}
            >
              {preset.label}
            </button>
          ))}
        </div>
        {/* Keyed by the range, so its dates follow a preset chosen above. */}
        <form key={fetched} onSubmit={custom} className="flex flex-wrap items-end gap-2">
          <label className="text-sm font-medium">
            From
            <input type="date" name="from" defaultValue={from} required className={field} />
          </label>
          <label className="text-sm font-medium">
            To
            <input type="date" name="to" defaultValue={to} required className={field} />
          </label>
          <button
            type="submit"
            className="rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300"
          >
            Show
          </button>
        </form>
      </div>

      {load.state === 'loading' ? (
        <p className="mt-6 text-muted" role="status">
          Loading the figures…
        </p>
      ) : load.state === 'failed' ? (
        <p className="mt-6 rounded-xl bg-red-50 p-4 text-red-800" role="alert">
          {load.message}
        </p>
      ) : (
        <Figures figures={load.data} />
      )}
    </section>
  );
}

function Figures({ figures }: { figures: Dashboard }) {
  return (
    <>
      <p className="mt-4 text-sm text-muted">
        {figures.from === figures.to ? figures.from : `${figures.from} to ${figures.to}`} (days in
        India)
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3 xl:grid-cols-4">
        <Figure label="Orders" value={count(figures.orders)} />
        <Figure label="Revenue" value={formatRupees(figures.revenue)} note="Paid, net of refunds" />
        <Figure label="Average order" value={formatRupees(figures.averageOrderValue)} />
        <Figure
          label="Prepaid / cash on delivery"
          value={`${count(figures.prepaid)} / ${count(figures.cod)}`}
        />
        <Figure
          label="Cancelled"
          value={count(figures.cancelled)}
          note={`${percent(figures.cancellationRate)} of orders`}
        />
        <Figure
          label="Returns asked"
          value={count(figures.returned)}
          note={`${percent(figures.returnRate)} of orders`}
        />
      </div>
      <TodaysWork figures={figures} />
      <DailyChart figures={figures} />
      <div className="mt-8 grid gap-4 xl:grid-cols-2">
        <Table
          caption="Top products"
          head={['Product', 'Units', 'Revenue']}
          rows={figures.topProducts.map((product) => [
            product.name,
            count(product.units),
            formatRupees(product.revenue),
          ])}
        />
        <Table
          caption="Top sizes"
          head={['Size', 'Units']}
          rows={figures.topSizes.map((size) => [size.size, count(size.units)])}
        />
        <Table
          caption="Bras: sell-through by size"
          head={['Size', 'Sold', 'In stock', 'Sell-through']}
          rows={figures.braSellThrough.map((size) => [
            size.size,
            count(size.sold),
            count(size.inStock),
            percent(size.rate),
          ])}
        />
      </div>
    </>
  );
}
