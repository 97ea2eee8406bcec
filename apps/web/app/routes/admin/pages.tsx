import { PagesListPage } from '../../components/admin/pages/pages-list-page';
import { OwnerOnly } from '../../components/admin/shell/owner-only';

export function meta() {
  return [{ title: 'Pages | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminPages() {
  return (
    <OwnerOnly>
      <PagesListPage />
    </OwnerOnly>
  );
}
