import { SignInPrompt } from '../components/account/sign-in-prompt';

export function meta() {
  return [{ title: 'Checkout | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Checkout and payment arrive with the orders and payments issues; placing an order needs sign-in. */
export default function CheckoutPage() {
  return <SignInPrompt title="Checkout" message="Please login to place an order" />;
}
