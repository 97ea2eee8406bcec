import { pageMeta } from '../components/content/page-meta';
import { PrivacyPolicy } from '../components/content/privacy-policy';

export function meta() {
  return pageMeta(
    'Privacy Policy',
    'What personal data Lacebloom collects, how we use and protect it, how payments are handled by Razorpay, cookies, and your rights.',
  );
}

export default function Privacy() {
  return <PrivacyPolicy />;
}
