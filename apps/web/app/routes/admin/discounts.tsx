import { DiscountsPage } from '../../components/admin/discounts/discounts-page';

export function meta() {
  return [{ title: 'Discounts | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminDiscounts() {
  return <DiscountsPage />;
}
