import { pageMeta } from '../components/content/page-meta';
import { TermsAndConditions } from '../components/content/terms-and-conditions';

export function meta() {
  return pageMeta(
    'Terms & Conditions',
    'The terms of using the Lacebloom website and buying from us: accounts, prices in ₹ inclusive of GST, payments, offers and your rights.',
  );
}

export default function Terms() {
  return <TermsAndConditions />;
}
