import { DiscountsPage, discountsLoader } from '../../components/admin/discounts/discounts-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [{ title: 'Discounts | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(discountsLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminDiscounts() {
  return <DiscountsPage />;
}
