import { Link } from 'react-router';
import * as z from 'zod/mini';
import type { SizeChartSummary } from '@shop/contracts/fit';
import * as list from '../list-page/list-page';
import { sizeChartsApi } from './size-charts-api';

const KIND_WORDS: Record<SizeChartSummary['kind'], string> = {
  bra: 'Bra (band × cup)',
  letter: 'Letter sizes (XS–3XL)',
};

const c = list.listColumns<SizeChartSummary>();
const link = (chart: SizeChartSummary) => (
  <list.RowLink to={`/admin/size-charts/${chart._id}`} className="font-semibold">
    {chart.name}
  </list.RowLink>
);
const defaultBadge = (chart: SizeChartSummary) =>
  chart.isDefaultBra ? <list.Badge text="Default bra chart" /> : null;

const columns = [
  c.cell(
    'Chart',
    (chart) => (
      <>
        {link(chart)} {defaultBadge(chart)}
      </>
    ),
    'min-w-56',
  ),
  c.status('kind', 'Kind', (kind) => KIND_WORDS[kind]),
  c.text('sizes', 'Sizes'),
  c.text('products', 'Products'),
  c.date('updatedAt', 'Updated', true),
];

const card = (chart: SizeChartSummary) => (
  <list.ListCard title={link(chart)} aside={defaultBadge(chart)}>
    <p className="text-muted">
      {KIND_WORDS[chart.kind]} · {chart.sizes} sizes · {chart.products} products
    </p>
  </list.ListCard>
);

/** Every chart at once: a shop has a handful, so there is no filter and no second page. */
export const sizeChartsLoader = list.listLoader(z.object({}), (api) => sizeChartsApi(api).list());

/** /admin/size-charts: the shop's size charts, each opening its grid. */
export function SizeChartsPage() {
  return (
    <list.ListPage
      list={list.useListData(sizeChartsLoader)}
      rows={(answer) => answer}
      next={() => null}
      title="Size charts"
      actions={
        <Link to="/admin/size-charts/new" className={list.listPrimary}>
          New chart
        </Link>
      }
      intro={
        <p className="-mt-4 text-sm text-muted">
          Each product names its chart; the size finder and the product page&apos;s size table
          answer from its rows.
        </p>
      }
      problemFallback=""
      label="Size charts"
      columns={columns}
      card={card}
      emptyText="No size charts yet."
    />
  );
}
