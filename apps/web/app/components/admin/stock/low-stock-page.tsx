import { Link, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  lowStockQuery,
  type LowStockPage as LowStockPageAnswer,
  type LowStockQuery,
  type LowStockRow,
} from '@shop/contracts/stock';
import { POPULAR_SOLD_UNITS, POPULAR_WINDOW_DAYS } from '@shop/domain/stock';
import type { ApiClient } from '../../../lib/api-client';
import { listLoader, useListData } from '../list-page/list-loader';
import { ListPage } from '../list-page/list-page';
import { stockApi } from './stock-api';
import { StockTabs } from './stock-tabs';

const column = createColumnHelper<LowStockRow>();

function PopularFlag({ row }: { row: LowStockRow }) {
  if (!row.popularSoldOut) return null;
  return (
    <span className="whitespace-nowrap rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
      Sold out, popular
    </span>
  );
}

const stockWords = (row: LowStockRow) =>
  `${row.stock === 0 ? 'Sold out' : `${row.stock} left`}${row.held > 0 ? ` (+${row.held} held)` : ''}`;

const columns = [
  column.accessor('productName', {
    header: 'Product',
    cell: ({ row }) => (
      <Link
        to={`/admin/stock/${row.original.productId}`}
        className="font-medium text-brand-700 hover:underline"
      >
        {row.original.productName}
      </Link>
    ),
  }),
  column.accessor('colorName', {
    header: 'Colour and size',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {row.original.colorName} {row.original.size}
      </span>
    ),
  }),
  column.accessor('stock', {
    header: 'Free',
    cell: ({ row }) => <span className="whitespace-nowrap">{stockWords(row.original)}</span>,
  }),
  column.accessor('threshold', { header: 'Low at' }),
  column.accessor('sold30', { header: `Sold in ${POPULAR_WINDOW_DAYS} days` }),
  column.display({
    id: 'flag',
    header: 'Flag',
    cell: ({ row }) => <PopularFlag row={row.original} />,
  }),
];

/** The sizes low on stock, loaded in the browser with the signed-in client. */
export const lowStockLoader = listLoader(lowStockQuery, (api: ApiClient, query) =>
  stockApi(api).low(query),
);

/** A size as a phone's card. */
function SizeCard({ row }: { row: LowStockRow }) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        <Link
          to={`/admin/stock/${row.productId}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.productName}
        </Link>
        <PopularFlag row={row} />
      </div>
      <p>
        {row.colorName} {row.size}: {stockWords(row)}
      </p>
      <p className="text-muted">
        Low at {row.threshold} · sold {row.sold30} in {POPULAR_WINDOW_DAYS} days
      </p>
    </>
  );
}

/** The one filter: ticking it shows the list at once. */
function PopularOnly({ popular }: { popular: boolean }) {
  const [, setParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted">
        Sizes of products on sale at their low-stock threshold or under. “Sold out, popular”: none
        left of a size that sold {POPULAR_SOLD_UNITS} or more in the last {POPULAR_WINDOW_DAYS}{' '}
        days.
      </p>
      <label className="flex items-center gap-2 whitespace-nowrap font-medium">
        <input
          type="checkbox"
          checked={popular}
          onChange={(event) =>
            setParams(
              event.target.checked ? new URLSearchParams({ popular: '1' }) : new URLSearchParams(),
            )
          }
        />
        Only popular sizes sold out
      </label>
    </div>
  );
}

/** /admin/stock/low: sizes at their product's threshold or under, fewest units first. */
export function LowStockPage() {
  const { query, problem, load, reload } = useListData<LowStockQuery, LowStockPageAnswer>();
  const ready = load.state === 'ready' ? load.data : null;

  return (
    <ListPage
      title="Low stock"
      intro={<StockTabs />}
      filters={<PopularOnly popular={query.popular === '1'} />}
      problem={problem}
      problemFallback="Showing every low size instead."
      load={load}
      reload={reload}
      rows={ready?.sizes ?? []}
      next={ready?.next ?? null}
      label="Sizes low on stock"
      pagerLabel="Pages of low stock"
      columns={columns}
      rowId={(row) => `${row.productId}|${row.colorName}|${row.size}`}
      card={(row) => <SizeCard row={row} />}
      loadingText="Loading low stock..."
      emptyText="No size is low on stock."
    />
  );
}
