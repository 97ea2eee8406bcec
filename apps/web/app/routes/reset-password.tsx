import { pageMeta } from '../components/content/page-meta';
import { ResetPasswordPage } from '../components/account/reset-password-page';

export function meta() {
  return pageMeta('Choose a new password', 'Choose a new password for your Lacebloom account.', {
    noIndex: true,
  });
}

export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
