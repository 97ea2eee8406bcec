import type { Route } from './+types/profile';
import { ProfilePage } from '../components/account/profile-page';
import { loadOrdersTab } from '../components/orders/lazy-orders-tab';
import { orderApi } from '../components/orders/order-api';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { serverShopper, shopperPageData } from '../lib/page-shopper.server';

export function meta() {
  return [{ title: 'My Account | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Her account, and on the My Orders tab its first page, in the first HTML. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const who = await serverShopper(request, context);
  const ordersTab = new URL(request.url).searchParams.get('tab') === 'orders';
  const [data, , orders] = await Promise.all([
    shopperPageData(who),
    // The tab's code too, so the server renders the orders rather than the tab's fallback.
    ordersTab ? loadOrdersTab() : null,
    who.api && ordersTab
      ? orderApi(who.api)
          .listOrders(1)
          .catch(() => null)
      : null,
  ]);
  return { ...data, orders };
}

export const clientLoader = clientShopperPageData;
export const headers = shopperPageHeaders;

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  return <ProfilePage initialOrders={'orders' in loaderData ? loaderData.orders : null} />;
}
