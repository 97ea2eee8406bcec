import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  stockProductsQuery,
  type StockProductRow,
  type StockProductsPage as StockProductsPageAnswer,
  type StockProductsQuery,
} from '@shop/contracts/stock';
import type { ApiClient } from '../../../lib/api-client';
import { listLoader, useListData } from '../list-page/list-loader';
import { filterField, filterLabel, ListFilters, ListPage } from '../list-page/list-page';
import { stockApi } from './stock-api';
import { StockTabs } from './stock-tabs';

const column = createColumnHelper<StockProductRow>();

const lowWords = (row: StockProductRow) =>
  row.lowSizes === 0
    ? 'None'
    : `${row.lowSizes} ${row.lowSizes === 1 ? 'size' : 'sizes'} at ${row.lowStockThreshold} or fewer`;

const columns = [
  column.accessor('name', {
    header: 'Product',
    cell: ({ row }) => (
      <Link
        to={`/admin/stock/${row.original._id}`}
        className="font-medium text-brand-700 hover:underline"
      >
        {row.original.name}
      </Link>
    ),
  }),
  column.accessor('isActive', {
    header: 'On sale',
    cell: ({ getValue }) => (getValue() ? 'Yes' : 'No'),
  }),
  column.accessor('units', { header: 'Units free' }),
  column.accessor('lowSizes', { header: 'Low sizes', cell: ({ row }) => lowWords(row.original) }),
];

/** The products whose name holds the URL's search, loaded in the browser. */
export const stockProductsLoader = listLoader(stockProductsQuery, (api: ApiClient, query) =>
  stockApi(api).products(query),
);

function Search({ q }: { q: string }) {
  return (
    <ListFilters
      schema={stockProductsQuery}
      label="Find a product"
      submitText="Search"
      clearTo="/admin/stock"
      className="flex flex-col gap-3"
      search={
        <div className="flex-1">
          <label htmlFor="stock-q" className={filterLabel}>
            Product
          </label>
          <input
            id="stock-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Part of its name"
            className={filterField}
          />
        </div>
      }
    />
  );
}

/** A product as a phone's card. */
function ProductCard({ row }: { row: StockProductRow }) {
  return (
    <>
      <Link to={`/admin/stock/${row._id}`} className="font-medium text-brand-700 hover:underline">
        {row.name}
      </Link>
      <p className="text-muted">
        {row.units} units free{row.isActive ? '' : ' · not on sale'}
      </p>
      <p>Low: {lowWords(row)}</p>
    </>
  );
}

/** /admin/stock: pick a product (by name) to open its colour × size grid. */
export function StockProductsPage() {
  const { query, problem, load, reload } = useListData<
    StockProductsQuery,
    StockProductsPageAnswer
  >();
  const ready = load.state === 'ready' ? load.data : null;

  return (
    <ListPage
      title="Stock"
      intro={<StockTabs />}
      filters={<Search q={query.q} />}
      problem={problem}
      problemFallback="Showing every product instead."
      load={load}
      reload={reload}
      rows={ready?.products ?? []}
      next={ready?.next ?? null}
      label="Products"
      pagerLabel="Pages of products"
      columns={columns}
      rowId={(row) => row._id}
      card={(row) => <ProductCard row={row} />}
      loadingText="Loading products..."
      emptyText="No product has this in its name."
    />
  );
}
