import type { Route } from './+types/return-policy';
import { pageMeta } from '../components/content/page-meta';
import { PolicyPage } from '../components/content/policy-page';
import { loadPolicyPage } from '../components/content/shop-page.server';

/** Served at /return-refund-policy and at /return-policy (the contact page's link); one canonical. */
export function meta({ matches }: Route.MetaArgs) {
  const publicUrl = matches[0]?.loaderData?.publicUrl;
  return [
    ...pageMeta(
      'Exchange & Refund Policy',
      'Lacebloom exchanges: a 3-day exchange window from delivery, what can and cannot be exchanged for hygiene reasons, cancellations and refunds.',
    ),
    ...(publicUrl
      ? [{ tagName: 'link', rel: 'canonical', href: `${publicUrl}/return-refund-policy` }]
      : []),
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadPolicyPage(context, 'exchange-policy');
}

export default function ReturnPolicy({ loaderData }: Route.ComponentProps) {
  return <PolicyPage title="Exchange & Refund Policy" text={loaderData} />;
}
