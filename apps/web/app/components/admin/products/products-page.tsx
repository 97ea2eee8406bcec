import { useState } from 'react';
import { Link } from 'react-router';
import {
  adminProductsQuery,
  type AdminProductRow,
  type AdminProductsQuery,
  type ProductFormOptions,
} from '@shop/contracts/products-admin';
import { priceBands } from '@shop/domain/catalogue';
import type { StockState } from '@shop/domain/products';
import { formatRupees } from '../admin-format';
import * as list from '../list-page/list-page';
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

function States({ row }: { row: AdminProductRow }) {
  return (
    <div className="flex flex-wrap gap-1">
      <list.Badge
        text={row.isActive ? 'Active' : 'Inactive'}
        tone={row.isActive ? 'plain' : 'off'}
      />
      <list.Badge
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

const c = list.listColumns<AdminProductRow>();
const link = (row: AdminProductRow) => (
  <list.RowLink to={`/admin/products/${row._id}`}>{row.name}</list.RowLink>
);
const columns = [
  c.cell('Photo', (row) => <Thumb row={row} />),
  c.cell(
    'Product',
    (row) => (
      <>
        {link(row)}
        <div className="text-muted">{group(row)}</div>
      </>
    ),
    'min-w-48 max-w-md',
  ),
  c.cell('Price', (row) => <Price row={row} />),
  c.cell('State', (row) => <States row={row} />),
  c.cell('Tags', (row) => <span className="text-muted">{row.tags.join(', ')}</span>),
  c.date('updatedAt', 'Changed'),
];

const card = (row: AdminProductRow) => (
  <div className="flex gap-3">
    <Thumb row={row} />
    <div className="min-w-0 flex-1">
      {link(row)}
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

/** The category and its subcategory: the second offers the first's own. */
function CategoryFilters({
  query,
  options,
}: {
  query: AdminProductsQuery;
  options?: ProductFormOptions;
}) {
  const [category, setCategory] = useState(query.category ?? '');
  const categories = options?.categories ?? [];
  const subcategories = categories.find((entry) => entry._id === category)?.subcategories ?? [];
  const choices = (entries: { _id: string; name: string }[]) =>
    entries.map((entry) => [entry._id, entry.name] as const);
  return (
    <>
      <list.SelectFilter
        id="filter-category"
        label="Category"
        name="category"
        value={category}
        any="Any category"
        choices={choices(categories)}
        onChange={setCategory}
      />
      <list.SelectFilter
        id="filter-subcategory"
        label="Subcategory"
        name="subcategory"
        value={query.subcategory}
        any="Any subcategory"
        choices={choices(subcategories)}
        disabled={subcategories.length === 0}
      />
    </>
  );
}

const filters = (
  query: AdminProductsQuery,
  options?: ProductFormOptions,
): list.ListFiltersSpec => ({
  label: 'Find products',
  submitText: 'Apply',
  search: [list.searchFilter('Search', 'Name or web address', 'sm:col-span-2')],
  more: [
    <CategoryFilters key="category" query={query} options={options} />,
    list.selectFilter('active', 'Shown in the shop', 'Active or not', [
      ['true', 'Active'],
      ['false', 'Inactive'],
    ]),
    list.selectFilter('stock', 'Stock', 'Any stock', Object.entries(STOCK_WORDS)),
    list.selectFilter('price', 'Price (₹)', 'Any price', priceBands, (band) => band),
    list.selectFilter('sort', 'Sort', undefined, SORTS),
  ],
});

/** The products for the URL's filters and the catalogue's categories, loaded in the browser. */
export const productsLoader = list.listLoader(adminProductsQuery, async (api, query) => {
  const [page, options] = await Promise.all([
    productsApi(api).list(query),
    // The filters and bulk moves still work without the categories' names.
    productsApi(api)
      .options()
      .catch(() => undefined),
  ]);
  return { ...page, options };
});

/** /admin/products: find, filter and sort the catalogue; act on many products at once. */
export function ProductsPage() {
  const data = list.useListData(productsLoader);
  const { query, last, reload } = data;
  // The categories of the last answer stay while the next page loads, so the filters keep them.
  const options = last.state === 'ready' ? last.data.options : undefined;
  const [outcome, setOutcome] = useState<{ message: string; ok: boolean } | null>(null);
  const [importing, setImporting] = useState(false);

  return (
    <list.ListPage
      list={data}
      rows={(answer) => answer.products}
      title="Products"
      actions={
        <>
          <ExportCsvButton />
          <button
            type="button"
            className={list.listButton}
            aria-expanded={importing}
            onClick={() => setImporting((open) => !open)}
          >
            Import CSV
          </button>
          <Link to="/admin/products/new" className={list.listPrimary}>
            New product
          </Link>
        </>
      }
      intro={importing ? <ImportCsvPanel onImported={reload} /> : null}
      filters={filters(query, options)}
      problemFallback="Showing every product instead."
      above={
        outcome ? (
          <p role="status" className={`text-sm ${outcome.ok ? 'text-ink' : 'text-brand-800'}`}>
            {outcome.message}
          </p>
        ) : null
      }
      label="Products"
      columns={columns}
      card={card}
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
