import { GoogleCallback } from '../components/content/google-callback';
import { pageMeta } from '../components/content/page-meta';

export function meta() {
  return pageMeta('Signing you in', 'Completing your Google sign-in.', { noIndex: true });
}

export default function GoogleCallbackRoute() {
  return <GoogleCallback />;
}
