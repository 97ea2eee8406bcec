import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import {
  adminProductsQuery,
  type AdminProductRow,
  type AdminProductsQuery,
  type ProductBulkInput,
  type ProductFormOptions,
} from '@shop/contracts/products-admin';
import { priceBands } from '@shop/domain/catalogue';
import type { StockState } from '@shop/domain/products';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDate, formatRupees } from '../admin-format';
import { AdminTable, CursorPager, useRowSelection } from '../admin-table';
import { useAdminLoad } from '../use-admin-load';
import { useCursorPages } from '../use-cursor-pages';
import { productsApi } from './products-api';
import { ExportCsvButton, ImportCsvPanel } from './products-csv-panel';

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const label = 'block text-sm font-medium';
const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const primary =
  'rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50';

const SORTS = [
  { value: 'updated', label: 'Recently changed' },
  { value: 'name', label: 'Name A–Z' },
  { value: 'price-asc', label: 'Lowest price' },
  { value: 'price-desc', label: 'Highest price' },
] as const;

const STOCK_WORDS: Record<StockState, string> = {
  'in-stock': 'In stock',
  low: 'Some sizes low',
  'sold-out': 'Sold out',
};

/** The list's filters live in the URL; blank fields are left out, as the server reads them. */
export function productsQueryFromParams(params: URLSearchParams): {
  query: AdminProductsQuery;
  problem: string | null;
} {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (key !== 'trail' && value.trim() !== '') raw[key] = value;
  const parsed = adminProductsQuery.safeParse(raw);
  if (parsed.success) return { query: parsed.data, problem: null };
  return {
    query: adminProductsQuery.parse({}),
    problem: parsed.error.issues[0]?.message ?? 'Invalid filters',
  };
}

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

function Filters({ options }: { options: ProductFormOptions | undefined }) {
  const [params, setParams] = useSearchParams();
  const { query } = productsQueryFromParams(params);
  const [category, setCategory] = useState(query.category ?? '');
  const subcategories = options?.categories.find((entry) => entry._id === category)?.subcategories;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    // A new filter starts from its first page.
    for (const name of ['q', 'category', 'subcategory', 'active', 'stock', 'price', 'sort']) {
      const value = String(form.get(name) ?? '').trim();
      if (value !== '' && !(name === 'sort' && value === 'updated')) next.set(name, value);
    }
    setParams(next);
  }

  return (
    <form
      key={params.toString()}
      onSubmit={submit}
      role="search"
      aria-label="Find products"
      className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="sm:col-span-2">
        <label htmlFor="products-q" className={label}>
          Search
        </label>
        <input
          id="products-q"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="Name or web address"
          className={field}
        />
      </div>
      <div>
        <label htmlFor="products-category" className={label}>
          Category
        </label>
        <select
          id="products-category"
          name="category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          className={field}
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
        <label htmlFor="products-subcategory" className={label}>
          Subcategory
        </label>
        <select
          id="products-subcategory"
          name="subcategory"
          defaultValue={query.subcategory ?? ''}
          className={field}
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
      <div>
        <label htmlFor="products-active" className={label}>
          Shown in the shop
        </label>
        <select
          id="products-active"
          name="active"
          defaultValue={query.active ?? ''}
          className={field}
        >
          <option value="">Active or not</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </select>
      </div>
      <div>
        <label htmlFor="products-stock" className={label}>
          Stock
        </label>
        <select id="products-stock" name="stock" defaultValue={query.stock ?? ''} className={field}>
          <option value="">Any stock</option>
          {Object.entries(STOCK_WORDS).map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="products-price" className={label}>
          Price (₹)
        </label>
        <select id="products-price" name="price" defaultValue={query.price ?? ''} className={field}>
          <option value="">Any price</option>
          {priceBands.map((band) => (
            <option key={band} value={band}>
              {band}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="products-sort" className={label}>
          Sort
        </label>
        <select id="products-sort" name="sort" defaultValue={query.sort} className={field}>
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className={primary}>
          Apply
        </button>
        <Link to="/admin/products" className={button}>
          Clear
        </Link>
      </div>
    </form>
  );
}

/** The ticked products' one action: activate, deactivate, move, add or remove a tag. */
function BulkActions({
  ids,
  options,
  onDone,
}: {
  ids: string[];
  options: ProductFormOptions | undefined;
  onDone: (message: string, ok: boolean) => void;
}) {
  const { authed } = useAuth();
  const [action, setAction] = useState('activate');
  const [category, setCategory] = useState('');
  const [subcategory, setSubcategory] = useState('');
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState(false);
  const subcategories = options?.categories.find((entry) => entry._id === category)?.subcategories;

  async function apply(event: FormEvent) {
    event.preventDefault();
    const input: ProductBulkInput =
      action === 'move'
        ? { action: 'move', ids, categoryId: category, subcategoryId: subcategory || null }
        : action === 'add-tag' || action === 'remove-tag'
          ? { action, ids, tag }
          : { action: action === 'deactivate' ? 'deactivate' : 'activate', ids };
    setBusy(true);
    try {
      const { updated } = await authed((api) => productsApi(api).bulk(input));
      onDone(
        `${updated} of ${ids.length} ${ids.length === 1 ? 'product' : 'products'} changed.`,
        true,
      );
    } catch (error) {
      onDone(errorMessage(error), false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={apply}
      aria-labelledby="bulk-title"
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-white p-4 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <h2 id="bulk-title" className="font-medium sm:w-full">
        {ids.length} {ids.length === 1 ? 'product' : 'products'} ticked
      </h2>
      <div>
        <label htmlFor="bulk-action" className={label}>
          Action
        </label>
        <select
          id="bulk-action"
          value={action}
          onChange={(event) => setAction(event.target.value)}
          className={field}
        >
          <option value="activate">Activate</option>
          <option value="deactivate">Deactivate</option>
          <option value="move">Move to a category</option>
          <option value="add-tag">Add a tag</option>
          <option value="remove-tag">Remove a tag</option>
        </select>
      </div>
      {action === 'move' ? (
        <>
          <div>
            <label htmlFor="bulk-category" className={label}>
              Category
            </label>
            <select
              id="bulk-category"
              required
              value={category}
              onChange={(event) => {
                setCategory(event.target.value);
                setSubcategory('');
              }}
              className={field}
            >
              <option value="">Choose…</option>
              {options?.categories.map((entry) => (
                <option key={entry._id} value={entry._id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="bulk-subcategory" className={label}>
              Subcategory
            </label>
            <select
              id="bulk-subcategory"
              value={subcategory}
              onChange={(event) => setSubcategory(event.target.value)}
              className={field}
            >
              <option value="">None</option>
              {subcategories?.map((entry) => (
                <option key={entry._id} value={entry._id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
        </>
      ) : null}
      {action === 'add-tag' || action === 'remove-tag' ? (
        <div>
          <label htmlFor="bulk-tag" className={label}>
            Tag
          </label>
          <input
            id="bulk-tag"
            required
            value={tag}
            onChange={(event) => setTag(event.target.value)}
            className={field}
          />
        </div>
      ) : null}
      <button type="submit" className={primary} disabled={busy}>
        {busy ? 'Applying…' : 'Apply to ticked'}
      </button>
    </form>
  );
}

const listProducts = (api: ApiClient, query: AdminProductsQuery) => productsApi(api).list(query);
const loadOptions = (api: ApiClient) => productsApi(api).options();

/** /admin/products: find, filter and sort the catalogue; act on many products at once. */
export function ProductsPage() {
  const [params] = useSearchParams();
  const key = params.toString();
  const { query, problem } = useMemo(
    () => productsQueryFromParams(new URLSearchParams(key)),
    [key],
  );
  const { load, reload } = useAdminLoad(key, query, listProducts);
  const { load: optionsLoad } = useAdminLoad('options', null, loadOptions);
  const options = optionsLoad.state === 'ready' ? optionsLoad.data : undefined;
  const pages = useCursorPages();
  const [selection, setSelection] = useRowSelection(load);
  const [outcome, setOutcome] = useState<{ message: string; ok: boolean } | null>(null);
  const [importing, setImporting] = useState(false);
  const rows = load.state === 'ready' ? load.data.products : [];
  const ticked = rows.filter((row) => selection[row._id]).map((row) => row._id);

  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl">Products</h1>
        <div className="flex flex-wrap items-center gap-2">
          <ExportCsvButton />
          <button
            type="button"
            className={button}
            aria-expanded={importing}
            onClick={() => setImporting((open) => !open)}
          >
            Import CSV
          </button>
          <Link to="/admin/products/new" className={primary}>
            New product
          </Link>
        </div>
      </div>
      {importing ? <ImportCsvPanel onImported={reload} /> : null}
      <Filters key={key} options={options} />
      {problem ? (
        <p role="alert" className="text-sm text-brand-800">
          {problem}. Showing every product instead.
        </p>
      ) : null}
      {ticked.length > 0 ? (
        <BulkActions
          ids={ticked}
          options={options}
          onDone={(message, ok) => {
            setOutcome({ message, ok });
            if (ok) reload();
          }}
        />
      ) : null}
      {outcome ? (
        <p role="status" className={`text-sm ${outcome.ok ? 'text-ink' : 'text-brand-800'}`}>
          {outcome.message}
        </p>
      ) : null}
      <AdminTable
        label="Products"
        load={load}
        rows={rows}
        columns={columns}
        rowId={(row) => row._id}
        card={(row) => <ProductCard row={row} />}
        loadingText="Loading products..."
        emptyText="No products match these filters."
        onRetry={reload}
        selection={{
          state: selection,
          onChange: setSelection,
          allLabel: 'Select every product on this page',
          rowLabel: (row) => `Select ${row.name}`,
        }}
      />
      <CursorPager
        label="Pages of products"
        pages={pages}
        next={load.state === 'ready' ? load.data.next : null}
      />
    </section>
  );
}
