import type { Route } from './+types/my-order';
import { ProfilePage } from '../components/account/profile-page';
import { loadOrdersTab } from '../components/orders/lazy-orders-tab';
import { orderApi } from '../components/orders/order-api';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { serverShopper, shopperPageData } from '../lib/page-shopper.server';

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: `Order ${params.orderNumber} | Lacebloom` },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * /orders/:orderNumber, the link of every order message: My Orders with that order opened. The
 * first HTML carries her orders matching the number (only hers: the search is of her orders).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const who = await serverShopper(request, context);
  const [data, , orders] = await Promise.all([
    shopperPageData(who),
    loadOrdersTab(),
    who.api
      ? orderApi(who.api)
          .searchOrders(params.orderNumber, 1)
          .catch(() => null)
      : null,
  ]);
  return { ...data, orders };
}

export const clientLoader = clientShopperPageData;
export const headers = shopperPageHeaders;

export default function MyOrderRoute({ loaderData, params }: Route.ComponentProps) {
  return (
    <ProfilePage
      initialOrders={'orders' in loaderData ? loaderData.orders : null}
      openOrder={params.orderNumber}
    />
  );
}
