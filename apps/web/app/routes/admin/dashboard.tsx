import { DashboardPage, dashboardLoader } from '../../components/admin/dashboard/dashboard-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [{ title: 'Dashboard | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The figures load in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(dashboardLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminDashboard() {
  return <DashboardPage />;
}
