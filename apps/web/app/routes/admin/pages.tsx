import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import { PagesListPage, pagesLoader } from '../../components/admin/pages/pages-list-page';
import { OwnerOnly } from '../../components/admin/shell/owner-only';

export function meta() {
  return [{ title: 'Pages | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The pages load in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(pagesLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminPages() {
  return (
    <OwnerOnly>
      <PagesListPage />
    </OwnerOnly>
  );
}
