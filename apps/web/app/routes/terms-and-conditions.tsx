import type { Route } from './+types/terms-and-conditions';
import { pageMeta } from '../components/content/page-meta';
import { PolicyPage } from '../components/content/policy-page';
import { loadPolicyPage } from '../components/content/shop-page.server';

export function meta() {
  return pageMeta(
    'Terms & Conditions',
    'The terms of using the Lacebloom website and buying from us: accounts, prices in ₹ inclusive of GST, payments, offers and your rights.',
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadPolicyPage(context, 'terms-and-conditions');
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <PolicyPage title="Terms & Conditions" text={loaderData} />;
}
