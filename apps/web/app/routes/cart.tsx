import { CartPage } from '../components/cart/cart-page';

export function meta() {
  return [{ title: 'Your Bag | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function CartRoute() {
  return <CartPage />;
}
