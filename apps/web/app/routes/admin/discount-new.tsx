import { NewDiscountPage } from '../../components/admin/discounts/discount-pages';

export function meta() {
  return [
    { title: 'New discount code | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AdminNewDiscount() {
  return <NewDiscountPage />;
}
