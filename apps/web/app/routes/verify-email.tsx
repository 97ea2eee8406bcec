import { pageMeta } from '../components/content/page-meta';
import { VerifyEmailPage } from '../components/account/verify-email-page';

export function meta() {
  return pageMeta('Confirm your email', 'Confirming the email address of your Lacebloom account.', {
    noIndex: true,
  });
}

export default function VerifyEmailRoute() {
  return <VerifyEmailPage />;
}
