import { BannersPage } from '../../components/admin/banners/banners-page';

export function meta() {
  return [{ title: 'Banners | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminBanners() {
  return <BannersPage />;
}
