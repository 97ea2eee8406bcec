import { OwnerOnly } from '../../components/admin/shell/owner-only';
import { StaffPage, staffLoader } from '../../components/admin/staff/staff-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [{ title: 'Staff | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The staff load in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(staffLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminStaff() {
  return (
    <OwnerOnly>
      <StaffPage />
    </OwnerOnly>
  );
}
