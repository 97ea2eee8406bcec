import { useMemo, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  stockProductsQuery,
  type StockProductRow,
  type StockProductsQuery,
} from '@shop/contracts/stock';
import type { ApiClient } from '../../../lib/api-client';
import { AdminTable, CursorPager } from '../admin-table';
import { useAdminLoad } from '../use-admin-load';
import { useCursorPages } from '../use-cursor-pages';
import { stockApi } from './stock-api';
import { StockTabs } from './stock-tabs';

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';

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

/** The URL's search, as the server reads it; a bad value starts from every product. */
function queryFromParams(params: URLSearchParams): StockProductsQuery {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value.trim() !== '') raw[key] = value;
  const parsed = stockProductsQuery.safeParse(raw);
  return parsed.success ? parsed.data : stockProductsQuery.parse({});
}

const listProducts = (api: ApiClient, query: StockProductsQuery) => stockApi(api).products(query);

function Search({ q }: { q: string }) {
  const [params, setParams] = useSearchParams();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(text ? new URLSearchParams({ q: text }) : new URLSearchParams());
  }

  return (
    <form
      key={params.get('q') ?? ''}
      onSubmit={submit}
      role="search"
      aria-label="Find a product"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <label htmlFor="stock-q" className="block text-sm font-medium">
          Product
        </label>
        <input
          id="stock-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Part of its name"
          className="mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm"
        />
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Search
        </button>
        <Link to="/admin/stock" className={button}>
          Clear
        </Link>
      </div>
    </form>
  );
}

/** /admin/stock: pick a product (by name) to open its colour × size grid. */
export function StockProductsPage() {
  const [params] = useSearchParams();
  const key = params.toString();
  const query = useMemo(() => queryFromParams(new URLSearchParams(key)), [key]);
  const { load, reload } = useAdminLoad(key, query, listProducts);
  const pages = useCursorPages();

  return (
    <section className="flex flex-col gap-5">
      <h1 className="font-serif text-3xl">Stock</h1>
      <StockTabs />
      <Search q={query.q} />
      <AdminTable
        label="Products"
        load={load}
        rows={load.state === 'ready' ? load.data.products : []}
        columns={columns}
        rowId={(row) => row._id}
        card={(row) => (
          <>
            <Link
              to={`/admin/stock/${row._id}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {row.name}
            </Link>
            <p className="text-muted">
              {row.units} units free{row.isActive ? '' : ' · not on sale'}
            </p>
            <p>Low: {lowWords(row)}</p>
          </>
        )}
        loadingText="Loading products..."
        emptyText="No product has this in its name."
        onRetry={reload}
      />
      <CursorPager
        label="Pages of products"
        pages={pages}
        next={load.state === 'ready' ? load.data.next : null}
      />
    </section>
  );
}
