import { useLocation } from 'react-router';
import { DiscountDetailPage } from '../../components/admin/discounts/discount-pages';
import type { Route } from './+types/discount';

export function meta() {
  return [
    { title: 'Discount code | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AdminDiscount({ params }: Route.ComponentProps) {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return (
    <DiscountDetailPage
      key={params.discountId}
      id={params.discountId}
      {...(notice ? { notice } : {})}
    />
  );
}
