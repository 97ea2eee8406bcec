import type { SizeChartData } from '@shop/domain/size-charts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { loadSizeChart } from './fit-api';
import { SizeChartTable } from './size-chart-table';

/** A chart's table, asked for when it is first shown (the size-chart overlay opening). */
export function ChartTable({ chartId }: { chartId: string }) {
  const [state, setState] = useState<
    { id: string; chart: SizeChartData } | { id: string; failed: string } | null
  >(null);
  useEffect(() => {
    let live = true;
    loadSizeChart(chartId).then(
      (chart) => live && setState({ id: chartId, chart }),
      (error: unknown) =>
        live &&
        setState({ id: chartId, failed: errorMessage(error, 'Failed to fetch the size chart') }),
    );
    return () => {
      live = false;
    };
  }, [chartId]);
  if (!state || state.id !== chartId) {
    return (
      <p role="status" className="text-sm text-muted">
        Loading the size table...
      </p>
    );
  }
  if ('failed' in state) {
    return (
      <p role="alert" className="text-sm text-brand-800">
        {state.failed}
      </p>
    );
  }
  return <SizeChartTable chart={state.chart} />;
}
