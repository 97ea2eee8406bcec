import { OwnerOnly } from '../../components/admin/shell/owner-only';
import { StaffPage } from '../../components/admin/staff/staff-page';

export function meta() {
  return [{ title: 'Staff | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminStaff() {
  return (
    <OwnerOnly>
      <StaffPage />
    </OwnerOnly>
  );
}
