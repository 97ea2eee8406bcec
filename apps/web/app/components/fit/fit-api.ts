import type { BraSizeFinderInput } from '@shop/contracts/fit';
import { createApiClient, lazyContract } from '../../lib/api-client';

// The answers' contracts load with the first call: the product page's first load carries no zod.
const fit = () => import('./fit-rules');
const chartAnswer = lazyContract(fit, (m) => m.sizeChartResponse);
const braSizeAnswer = lazyContract(fit, (m) => m.braSizeFinderResponse);

const charts = new Map<string, ReturnType<typeof fetchChart>>();

function fetchChart(id: string) {
  // The chart as the domain's rules read it, one object per chart, so the rules' own per-chart
  // index is built once.
  return createApiClient()
    .data(`/size-chart/${encodeURIComponent(id)}`, 'Failed to fetch the size chart', chartAnswer)
    .then(async (chart) => (await fit()).toSizeChartData(chart));
}

/**
 * A size chart (GET /api/size-chart/{id}), asked once a page: the overlay, the finder and 'Your
 * size' all read the same chart. A failed answer is forgotten so the next ask tries again.
 */
export function loadSizeChart(id: string) {
  let chart = charts.get(id);
  if (!chart) {
    chart = fetchChart(id);
    charts.set(id, chart);
    chart.catch(() => charts.delete(id));
  }
  return chart;
}

/** Her size from the API (POST /api/fit/bra-size): the shop's default chart without a product. */
export function askBraSize(request: BraSizeFinderInput) {
  return createApiClient()
    .send(braSizeAnswer, 'POST', '/fit/bra-size', 'Could not find your size', request)
    .then((answer) => answer.data);
}

/** A chart as the page holds it: the API's answer, readable by the domain's size rules. */
export type LoadedSizeChart = Awaited<ReturnType<typeof loadSizeChart>>;
