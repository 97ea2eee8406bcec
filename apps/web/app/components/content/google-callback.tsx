import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
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
function exchangeOnce(code: string): Promise<GoogleSignInOutcome> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = exchangeGoogleAuthCode(code);
    exchanges.set(code, exchange);
  }
  return exchange;
}

/** The page Google sends the shopper back to: hands the code on, then leaves. */
export function GoogleCallback() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const code = searchParams.get('code');

  useEffect(() => {
    if (!code) {
      // Not an error worth alarming anyone: someone opened the URL directly.
      console.info('No authorization code found in URL');
      navigate('/', { replace: true });
      return;
    }
    let cancelled = false;
    const shown = new Promise((resolve) => setTimeout(resolve, MIN_DISPLAY_MS));
    void Promise.all([exchangeOnce(code), shown]).then(([outcome]) => {
      if (cancelled) return;
      navigate(outcome.ok ? '/' : GOOGLE_AUTH_FAILED_PATH, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [code, navigate]);

  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="sr-only">Google sign-in</h1>
      <Spinner label="Processing your Google sign-in..." />
    </section>
  );
}
