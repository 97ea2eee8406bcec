import type { Route } from './+types/return-policy';
import { ExchangePolicy } from '../components/content/exchange-policy';
import { pageMeta } from '../components/content/page-meta';

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

export default function ReturnPolicy() {
  return <ExchangePolicy />;
}
