import type { Route } from './+types/privacy-policy';
import { pageMeta } from '../components/content/page-meta';
import { PolicyPage } from '../components/content/policy-page';
import { loadPolicyPage } from '../components/content/shop-page.server';

export function meta() {
  return pageMeta(
    'Privacy Policy',
    'What personal data Lacebloom collects, how we use and protect it, how payments are handled by Razorpay, cookies, and your rights.',
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadPolicyPage(context, 'privacy-policy');
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <PolicyPage title="Privacy Policy" text={loaderData} />;
}
