import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth-session';
import { useToast } from '../../lib/toast';
import { Spinner } from '../spinner';
import {
  exchangeGoogleAuthCode,
  GOOGLE_AUTH_FAILED_PATH,
  type GoogleSignInOutcome,
} from './google-sign-in';

/** Long enough to read the message rather than see a flash. */
const MIN_DISPLAY_MS = 800;

/**
 * A code can be exchanged only once, but React may run the effect twice in development: both runs
 * share the first exchange.
 */
const exchanges = new Map<string, Promise<GoogleSignInOutcome>>();
function exchangeOnce(
  code: string,
  state: string | null,
  signIn: (code: string, redirectUri: string) => Promise<unknown>,
): Promise<GoogleSignInOutcome> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = exchangeGoogleAuthCode(code, state, signIn);
    exchanges.set(code, exchange);
  }
  return exchange;
}

/** The page Google sends the shopper back to: hands the code on, then leaves. */
export function GoogleCallback() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const { signInWithGoogle } = useAuth();
  const toast = useToast();

  useEffect(() => {
    if (!code) {
      // Not an error worth alarming anyone: someone opened the URL directly.
      console.info('No authorization code found in URL');
      navigate('/', { replace: true });
      return;
    }
    let cancelled = false;
    const shown = new Promise((resolve) => setTimeout(resolve, MIN_DISPLAY_MS));
    void Promise.all([exchangeOnce(code, state, signInWithGoogle), shown]).then(([outcome]) => {
      if (cancelled) return;
      if (outcome.ok) toast.success('Google authentication successful!');
      navigate(outcome.ok ? '/' : GOOGLE_AUTH_FAILED_PATH, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [code, state, navigate, signInWithGoogle, toast]);

  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="sr-only">Google sign-in</h1>
      <Spinner label="Processing your Google sign-in..." />
    </section>
  );
}
