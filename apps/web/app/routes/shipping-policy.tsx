import type { Route } from './+types/shipping-policy';
import { pageMeta } from '../components/content/page-meta';
import { PolicyPage } from '../components/content/policy-page';
import { loadPolicyPage } from '../components/content/shop-page.server';

export function meta() {
  return pageMeta(
    'Shipping Policy',
    'Free shipping across India. Standard delivery in 5-7 business days, express in 2-3 business days in select cities, with tracking and discreet packaging.',
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadPolicyPage(context, 'shipping-policy');
}

export default function Shipping({ loaderData }: Route.ComponentProps) {
  return <PolicyPage title="Shipping Policy" text={loaderData} />;
}
