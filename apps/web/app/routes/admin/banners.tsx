import { BannersPage, bannersLoader } from '../../components/admin/banners/banners-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [{ title: 'Banners | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

// The banners load in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(bannersLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminBanners() {
  return <BannersPage />;
}
