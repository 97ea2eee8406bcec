import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root';

/**
 * While the payment simulator runs in production, every page says so: a shopper must never
 * believe an order paid through it was paid.
 */
export function TestPaymentsBanner() {
  const testPayments = useRouteLoaderData<typeof rootLoader>('root')?.testPayments ?? false;
  if (!testPayments) return null;
  return (
    <p
      className="bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950"
      data-testid="test-payments-banner"
    >
      Test payments: no money is taken
    </p>
  );
}
