import { useMatches } from 'react-router';
import type { Route } from './+types/login';
import { pageMeta } from '../components/content/page-meta';
import { SignInPlaceholder } from '../components/content/sign-in-placeholder';

/** This module serves two routes: id 'login' (/login) and id 'register' (/register). */
const isRegister = (ids: (string | undefined)[]) => ids.includes('register');

export function meta({ matches }: Route.MetaArgs) {
  return isRegister(matches.map((match) => match?.id))
    ? pageMeta(
        'Create Account',
        'Create your Lacebloom account to place orders, track deliveries and keep a wishlist.',
        { noIndex: true },
      )
    : pageMeta(
        'Sign In',
        'Sign in to your Lacebloom account to check out, track your orders and use your wishlist.',
        { noIndex: true },
      );
}

export default function Login() {
  const matches = useMatches();
  const mode = isRegister(matches.map((match) => match.id)) ? 'signup' : 'login';
  return <SignInPlaceholder mode={mode} />;
}
