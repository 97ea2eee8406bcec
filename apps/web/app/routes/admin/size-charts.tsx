import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import {
  SizeChartsPage,
  sizeChartsLoader,
} from '../../components/admin/size-charts/size-charts-page';

export function meta() {
  return [
    { title: 'Size charts | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

// The charts load in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(sizeChartsLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminSizeCharts() {
  return <SizeChartsPage />;
}
