import { useLocation } from 'react-router';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import {
  SizeChartPage,
  sizeChartLoader,
} from '../../components/admin/size-charts/size-chart-pages';
import type { Route } from './+types/size-chart';

export function meta() {
  return [
    { title: 'Size chart | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

// The chart loads in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(sizeChartLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminSizeChart({ params }: Route.ComponentProps) {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return <SizeChartPage key={params.chartId} {...(notice ? { notice } : {})} />;
}
