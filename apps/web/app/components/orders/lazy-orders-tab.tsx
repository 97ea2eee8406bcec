import { lazy, Suspense } from 'react';
import type { OrderPage } from '@shop/contracts/orders';
import { Spinner } from '../spinner';
import type { OrdersTab } from './orders-tab';

interface OrdersTabModule {
  OrdersTab: typeof OrdersTab;
}
type LoadedTab = { default: typeof OrdersTab };

let loaded: OrdersTabModule | undefined;

/**
 * My Orders' code (the order list, its dialogs, invoices and tracking) loads when the tab is
 * opened, not with the profile page. A page rendered on the tab awaits it in its loader first, so
 * the server renders the orders at once and the browser keeps that HTML until its copy arrives.
 */
export async function loadOrdersTab(): Promise<OrdersTabModule> {
  loaded ??= await import('./orders-tab');
  return loaded;
}

const OrdersTabLoaded = lazy((): Promise<LoadedTab> => {
  const module = loaded;
  if (module) {
    // Already loaded: a thenable that answers at once, so React renders the tab in this pass
    // rather than showing the fallback first (a promise would answer only after a tick).
    const ready = {
      then(resolve: (value: LoadedTab) => void) {
        resolve({ default: module.OrdersTab });
      },
    };
    return ready as unknown as Promise<LoadedTab>;
  }
  return loadOrdersTab().then((tab) => ({ default: tab.OrdersTab }));
});

export function LazyOrdersTab({
  initial,
  openOrder,
}: {
  initial: OrderPage | null;
  /** The order to open (an order message's link). */
  openOrder?: string | undefined;
}) {
  return (
    <Suspense fallback={<Spinner label="Loading your orders..." />}>
      <OrdersTabLoaded initial={initial} openOrder={openOrder} />
    </Suspense>
  );
}
