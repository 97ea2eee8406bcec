import { NewSizeChartPage } from '../../components/admin/size-charts/size-chart-pages';

export function meta() {
  return [
    { title: 'New size chart | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AdminSizeChartNew() {
  return <NewSizeChartPage />;
}
