import { useSearchParams } from 'react-router';
import { lowStockQuery, type LowStockRow } from '@shop/contracts/stock';
import { POPULAR_SOLD_UNITS, POPULAR_WINDOW_DAYS } from '@shop/domain/stock';
import * as list from '../list-page/list-page';
import { stockApi } from './stock-api';
import { StockTabs } from './stock-tabs';

const c = list.listColumns<LowStockRow>();
const link = (row: LowStockRow) => (
  <list.RowLink to={`/admin/stock/${row.productId}`}>{row.productName}</list.RowLink>
);

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
  c.cell('Product', link),
  c.cell(
    'Colour and size',
    (row) => (
      <>
        {row.colorName} {row.size}
      </>
    ),
    'whitespace-nowrap',
  ),
  c.cell('Free', stockWords, 'whitespace-nowrap'),
  c.text('threshold', 'Low at'),
  c.text('sold30', `Sold in ${POPULAR_WINDOW_DAYS} days`),
  c.cell('Flag', (row) => <PopularFlag row={row} />),
];

/** The sizes low on stock, loaded in the browser with the signed-in client. */
export const lowStockLoader = list.listLoader(lowStockQuery, (api, query) =>
  stockApi(api).low(query),
);

/** A size as a phone's card. */
const card = (row: LowStockRow) => (
  <list.ListCard title={link(row)} aside={<PopularFlag row={row} />}>
    <p>
      {row.colorName} {row.size}: {stockWords(row)}
    </p>
    <p className="text-muted">
      Low at {row.threshold} · sold {row.sold30} in {POPULAR_WINDOW_DAYS} days
    </p>
  </list.ListCard>
);

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
  const data = list.useListData(lowStockLoader);

  return (
    <list.ListPage
      list={data}
      rows={(answer) => answer.sizes}
      title="Low stock"
      intro={<StockTabs />}
      filters={<PopularOnly popular={data.query.popular === '1'} />}
      problemFallback="Showing every low size instead."
      label="Sizes low on stock"
      pagerLabel="Pages of low stock"
      columns={columns}
      rowId={(row) => `${row.productId}|${row.colorName}|${row.size}`}
      card={card}
      loadingText="Loading low stock..."
      emptyText="No size is low on stock."
    />
  );
}
