import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  adminProductsQuery,
  type AdminProductRow,
  type AdminProductsPage,
  type AdminProductsQuery,
  type ProductFormOptions,
} from '@shop/contracts/products-admin';
import { priceBands } from '@shop/domain/catalogue';
import type { StockState } from '@shop/domain/products';
import type { ApiClient } from '../../../lib/api-client';
import { formatIndiaDate, formatRupees } from '../admin-format';
import { listLoader, useListData, type ListData } from '../list-page/list-loader';
import {
  filterField,
  filterLabel,
  listButton,
  listPrimary,
  ListFilters,
  ListPage,
  SelectFilter,
} from '../list-page/list-page';
import { productsApi } from './products-api';
import { BulkActions } from './products-bulk';
import { ExportCsvButton, ImportCsvPanel } from './products-csv-panel';

const SORTS = [
  ['updated', 'Recently changed'],
  ['name', 'Name A–Z'],
  ['price-asc', 'Lowest price'],
  ['price-desc', 'Highest price'],
] as const;

const STOCK_WORDS: Record<StockState, string> = {
  'in-stock': 'In stock',
  low: 'Some sizes low',
  'sold-out': 'Sold out',
};

function Badge({ text, tone }: { text: string; tone: 'plain' | 'alert' | 'off' }) {
  const tones = {
    plain: 'bg-blush text-brand-800',
    alert: 'bg-amber-100 text-amber-900',
    off: 'bg-stone-200 text-stone-800',
  };
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {text}
    </span>
  );
}

function States({ row }: { row: AdminProductRow }) {
  return (
    <div className="flex flex-wrap gap-1">
      <Badge text={row.isActive ? 'Active' : 'Inactive'} tone={row.isActive ? 'plain' : 'off'} />
      <Badge
        text={
          row.stockState === 'sold-out'
            ? STOCK_WORDS[row.stockState]
            : `${STOCK_WORDS[row.stockState]} · ${row.stock} units`
        }
        tone={row.stockState === 'in-stock' ? 'plain' : 'alert'}
      />
    </div>
  );
}

function Price({ row }: { row: AdminProductRow }) {
  return (
    <span className="whitespace-nowrap">
      {formatRupees(row.price)}
      {row.originalPrice !== null && row.originalPrice > row.price ? (
        <span className="ml-1 text-muted line-through">{formatRupees(row.originalPrice)}</span>
      ) : null}
    </span>
  );
}

function Thumb({ row }: { row: AdminProductRow }) {
  return row.image ? (
    <img src={row.image} alt="" width={40} height={50} className="h-12 w-10 rounded object-cover" />
  ) : (
    <span className="block h-12 w-10 rounded bg-blush" aria-hidden="true" />
  );
}

const group = (row: AdminProductRow) =>
  row.subcategoryName ? `${row.categoryName} › ${row.subcategoryName}` : row.categoryName;

const column = createColumnHelper<AdminProductRow>();
const columns = [
  column.display({ id: 'image', header: 'Photo', cell: ({ row }) => <Thumb row={row.original} /> }),
  column.accessor('name', {
    header: 'Product',
    cell: ({ row }) => (
      <div className="min-w-48 max-w-md">
        <Link
          to={`/admin/products/${row.original._id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.original.name}
        </Link>
        <div className="text-muted">{group(row.original)}</div>
      </div>
    ),
  }),
  column.accessor('price', { header: 'Price', cell: ({ row }) => <Price row={row.original} /> }),
  column.accessor('isActive', {
    header: 'State',
    cell: ({ row }) => <States row={row.original} />,
  }),
  column.accessor('tags', {
    header: 'Tags',
    cell: ({ getValue }) => <span className="text-muted">{getValue().join(', ')}</span>,
  }),
  column.accessor('updatedAt', {
    header: 'Changed',
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap">{formatIndiaDate(getValue())}</span>
    ),
  }),
];

function ProductCard({ row }: { row: AdminProductRow }) {
  return (
    <div className="flex gap-3">
      <Thumb row={row} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/admin/products/${row._id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.name}
        </Link>
        <p className="text-muted">{group(row)}</p>
        <p className="mt-1">
          <Price row={row} />
        </p>
        <div className="mt-1">
          <States row={row} />
        </div>
      </div>
    </div>
  );
}

function Filters({ query, options }: { query: AdminProductsQuery; options?: ProductFormOptions }) {
  const [category, setCategory] = useState(query.category ?? '');
  const subcategories = options?.categories.find((entry) => entry._id === category)?.subcategories;

  return (
    <ListFilters
      schema={adminProductsQuery}
      label="Find products"
      submitText="Apply"
      clearTo="/admin/products"
      search={
        <div className="sm:col-span-2">
          <label htmlFor="products-q" className={filterLabel}>
            Search
          </label>
          <input
            id="products-q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Name or web address"
            className={filterField}
          />
        </div>
      }
      more={
        <>
          <div>
            <label htmlFor="products-category" className={filterLabel}>
              Category
            </label>
            <select
              id="products-category"
              name="category"
              value={category}
              onChange={(event) => setCategory(event.target.value)}
              className={filterField}
            >
              <option value="">Any category</option>
              {options?.categories.map((entry) => (
                <option key={entry._id} value={entry._id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="products-subcategory" className={filterLabel}>
              Subcategory
            </label>
            <select
              id="products-subcategory"
              name="subcategory"
              defaultValue={query.subcategory ?? ''}
              className={filterField}
              disabled={!subcategories?.length}
            >
              <option value="">Any subcategory</option>
              {subcategories?.map((entry) => (
                <option key={entry._id} value={entry._id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
          <SelectFilter
            id="products-active"
            label="Shown in the shop"
            name="active"
            value={query.active}
            any="Active or not"
            choices={[
              ['true', 'Active'],
              ['false', 'Inactive'],
            ]}
          />
          <SelectFilter
            id="products-stock"
            label="Stock"
            name="stock"
            value={query.stock}
            any="Any stock"
            choices={Object.entries(STOCK_WORDS)}
          />
          <SelectFilter
            id="products-price"
            label="Price (₹)"
            name="price"
            value={query.price}
            any="Any price"
            choices={priceBands.map((band) => [band, band])}
          />
          <SelectFilter
            id="products-sort"
            label="Sort"
            name="sort"
            value={query.sort}
            choices={SORTS}
          />
        </>
      }
    />
  );
}

/** The products for the URL's filters and the catalogue's categories, loaded in the browser. */
export const productsLoader = listLoader(adminProductsQuery, async (api: ApiClient, query) => {
  const [page, options] = await Promise.all([
    productsApi(api).list(query),
    // The filters and bulk moves still work without the categories' names.
    productsApi(api)
      .options()
      .catch(() => undefined),
  ]);
  return { page, options };
});

interface ProductsAnswer {
  page: AdminProductsPage;
  options: ProductFormOptions | undefined;
}

/** /admin/products: find, filter and sort the catalogue; act on many products at once. */
export function ProductsPage() {
  const { query, problem, load, reload } = useListData<AdminProductsQuery, ProductsAnswer>();
  const ready = load.state === 'ready' ? load.data : null;
  // The categories of the last answer stay while the next page loads, so the filters keep them.
  const last = (useLoaderData() as ListData<AdminProductsQuery, ProductsAnswer>).load;
  const options = last.state === 'ready' ? last.data.options : undefined;
  const [outcome, setOutcome] = useState<{ message: string; ok: boolean } | null>(null);
  const [importing, setImporting] = useState(false);

  return (
    <ListPage
      title="Products"
      actions={
        <>
          <ExportCsvButton />
          <button
            type="button"
            className={listButton}
            aria-expanded={importing}
            onClick={() => setImporting((open) => !open)}
          >
            Import CSV
          </button>
          <Link to="/admin/products/new" className={listPrimary}>
            New product
          </Link>
        </>
      }
      intro={importing ? <ImportCsvPanel onImported={reload} /> : null}
      filters={<Filters query={query} options={options} />}
      problem={problem}
      problemFallback="Showing every product instead."
      above={
        outcome ? (
          <p role="status" className={`text-sm ${outcome.ok ? 'text-ink' : 'text-brand-800'}`}>
            {outcome.message}
          </p>
        ) : null
      }
      load={load}
      reload={reload}
      rows={ready?.page.products ?? []}
      next={ready?.page.next ?? null}
      label="Products"
      pagerLabel="Pages of products"
      columns={columns}
      rowId={(row) => row._id}
      card={(row) => <ProductCard row={row} />}
      loadingText="Loading products..."
      emptyText="No products match these filters."
      bulk={{
        allLabel: 'Select every product on this page',
        rowLabel: (row) => `Select ${row.name}`,
        actions: (ticked, done) => (
          <BulkActions
            ids={ticked.map((row) => row._id)}
            options={options}
            onDone={(message, ok) => {
              setOutcome({ message, ok });
              if (ok) done();
            }}
          />
        ),
      }}
    />
  );
}
