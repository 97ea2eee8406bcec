import { Link } from 'react-router';
import { shopPageKeys, type ShopPageKey } from '@shop/domain/shop-pages';
import type { Route } from './+types/page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import { PageEditPage, pageLoader } from '../../components/admin/pages/page-edit-page';
import { OwnerOnly } from '../../components/admin/shell/owner-only';

export function meta() {
  return [{ title: 'Edit page | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The page loads in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(pageLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

const isPageKey = (key: string): key is ShopPageKey =>
  (shopPageKeys as readonly string[]).includes(key);

export default function AdminPage({ params }: Route.ComponentProps) {
  const key = params.pageKey;
  return (
    <OwnerOnly>
      {isPageKey(key) ? (
        <PageEditPage key={key} pageKey={key} />
      ) : (
        <p role="alert" className="rounded-2xl border border-line bg-white p-6 text-center">
          There is no such page.{' '}
          <Link to="/admin/pages" className="underline">
            All pages
          </Link>
        </p>
      )}
    </OwnerOnly>
  );
}
