import { pageMeta } from '../components/content/page-meta';
import { ShippingPolicy } from '../components/content/shipping-policy';

export function meta() {
  return pageMeta(
    'Shipping Policy',
    'Free shipping across India. Standard delivery in 5-7 business days, express in 2-3 business days in select cities, with tracking and discreet packaging.',
  );
}

export default function Shipping() {
  return <ShippingPolicy />;
}
