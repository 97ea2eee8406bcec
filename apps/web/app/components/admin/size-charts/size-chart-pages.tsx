import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminSizeChart } from '@shop/contracts/fit';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { SizeChartGrid } from './size-chart-grid';
import { sizeChartsApi } from './size-charts-api';

const panel = 'rounded-2xl border border-line bg-white p-6 text-center';
const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300';

const BackLink = () => (
  <Link to="/admin/size-charts" className="text-sm font-medium text-brand-700 hover:underline">
    ← Size charts
  </Link>
);

/** /admin/size-charts/new: a chart's grid, then its page. */
export function NewSizeChartPage() {
  const navigate = useNavigate();
  const { authed } = useAuth();
  return (
    <section className="flex flex-col gap-5">
      <BackLink />
      <h1 className="font-serif text-3xl">New size chart</h1>
      <SizeChartGrid
        onSave={async (body) => {
          const { data, message } = await authed((api) => sizeChartsApi(api).create(body));
          void navigate(`/admin/size-charts/${data._id}`, { state: { notice: message } });
        }}
      />
    </section>
  );
}

/** /admin/size-charts/{id}: the chart loads before the screen shows. */
export const sizeChartLoader = screenLoader((api: ApiClient, params) =>
  sizeChartsApi(api).detail(params.chartId ?? ''),
);

/** /admin/size-charts/{id}: the chart's grid; a save replaces its rows. */
export function SizeChartPage({ notice }: { notice?: string }) {
  const { authed } = useAuth();
  const { load, reload } = useScreenData<AdminSizeChart>();
  const [message, setMessage] = useState<string | null>(notice ?? null);

  if (load.state === 'loading') {
    return (
      <p role="status" className={`${panel} text-muted`}>
        Loading the size chart...
      </p>
    );
  }
  if (load.state === 'failed') {
    return (
      <div role="alert" className={panel}>
        <p>{load.message}</p>
        <button type="button" className={`${button} mt-3`} onClick={reload}>
          Try Again
        </button>
      </div>
    );
  }
  const chart = load.data;
  return (
    <section className="flex flex-col gap-5">
      <BackLink />
      <h1 className="font-serif text-3xl">{chart.name}</h1>
      {message ? (
        <p role="status" className="rounded-2xl border border-line bg-white p-3 text-sm">
          {message}
        </p>
      ) : null}
      <SizeChartGrid
        // Keyed by what the server holds, so a save starts the grid again from it.
        key={JSON.stringify(chart)}
        chart={chart}
        onSave={async (body) => {
          const saved = await authed((api) => sizeChartsApi(api).update(chart._id, body));
          setMessage(saved.message);
          reload();
        }}
      />
    </section>
  );
}
