import { DashboardPage } from '../../components/admin/dashboard/dashboard-page';

export function meta() {
  return [{ title: 'Dashboard | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminDashboard() {
  return <DashboardPage />;
}
