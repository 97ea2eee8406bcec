import { Outlet } from 'react-router';
import { AdminGate } from '../../components/admin/shell/admin-gate';
import { AdminShell } from '../../components/admin/shell/admin-shell';

export function meta() {
  return [{ title: 'Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminLayout() {
  return (
    <AdminGate>
      <AdminShell>
        <Outlet />
      </AdminShell>
    </AdminGate>
  );
}
