import { useEffect, useEffectEvent, useRef } from 'react';
import { useAuth } from './auth-session';
import { useShopper } from './shopper';

/**
 * For pages that need a signed-in shopper: opened signed out, the sign-in dialog opens (once);
 * signing out while on the page (here or in another tab) never opens it. Either way
 * `onSignedOut` runs, e.g. to leave the page.
 */
export function useSignInOnArrival(onSignedOut?: () => void) {
  const { status } = useAuth();
  const { openSignIn } = useShopper();
  const wasSignedIn = useRef(false);
  const asked = useRef(false);
  // openSignIn changes identity whenever the dialog opens or closes: an effect event keeps the
  // dialog from reopening when the shopper closes it.
  const signedOut = useEffectEvent(() => {
    if (!wasSignedIn.current && !asked.current) {
      asked.current = true;
      openSignIn('login');
    }
    onSignedOut?.();
  });

  useEffect(() => {
    if (status === 'signed-in') wasSignedIn.current = true;
    if (status === 'signed-out') signedOut();
  }, [status]);
}
