import { SignInPrompt } from '../components/account/sign-in-prompt';

export function meta() {
  return [{ title: 'My Account | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Profile and My Orders arrive with the account and orders issues. */
export default function ProfilePage() {
  return <SignInPrompt title="My Account" message="Sign in to see your profile and your orders." />;
}
