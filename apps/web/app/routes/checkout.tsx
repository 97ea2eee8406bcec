import { CheckoutPage } from '../components/checkout/checkout-page';

export function meta() {
  return [{ title: 'Checkout | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function CheckoutRoute() {
  return <CheckoutPage />;
}
