import { stockProductsQuery, type StockProductRow } from '@shop/contracts/stock';
import * as list from '../list-page/list-page';
import { stockApi } from './stock-api';
import { StockTabs } from './stock-tabs';

const c = list.listColumns<StockProductRow>();
const link = (row: StockProductRow) => (
  <list.RowLink to={`/admin/stock/${row._id}`}>{row.name}</list.RowLink>
);
const lowWords = (row: StockProductRow) =>
  row.lowSizes === 0
    ? 'None'
    : `${row.lowSizes} ${row.lowSizes === 1 ? 'size' : 'sizes'} at ${row.lowStockThreshold} or fewer`;

const columns = [
  c.cell('Product', link),
  c.cell('On sale', (row) => (row.isActive ? 'Yes' : 'No')),
  c.text('units', 'Units free'),
  c.cell('Low sizes', lowWords),
];

/** A product as a phone's card. */
const card = (row: StockProductRow) => (
  <>
    {link(row)}
    <p className="text-muted">
      {row.units} units free{row.isActive ? '' : ' · not on sale'}
    </p>
    <p>Low: {lowWords(row)}</p>
  </>
);

/** The products whose name holds the URL's search, loaded in the browser. */
export const stockProductsLoader = list.listLoader(stockProductsQuery, (api, query) =>
  stockApi(api).products(query),
);

/** /admin/stock: pick a product (by name) to open its colour × size grid. */
export function StockProductsPage() {
  return (
    <list.ListPage
      list={list.useListData(stockProductsLoader)}
      rows={(answer) => answer.products}
      title="Stock"
      intro={<StockTabs />}
      filters={{
        label: 'Find a product',
        submitText: 'Search',
        className: 'flex flex-col gap-3',
        search: [list.searchFilter('Product', 'Part of its name', 'flex-1')],
      }}
      problemFallback="Showing every product instead."
      label="Products"
      columns={columns}
      card={card}
      emptyText="No product has this in its name."
    />
  );
}
