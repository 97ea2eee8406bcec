import { lazy, Suspense, useEffect } from 'react';
import { useShopper } from '../../lib/shopper';
import { Spinner } from '../spinner';
import { useModalDialog } from '../use-modal-dialog';
import { CloseIcon } from './icons';

const SignInForms = lazy(() => import('../account/sign-in-forms'));

const titles = {
  login: 'Welcome back',
  signup: 'Create your account',
  forgot: 'Reset your password',
  phone: 'Continue with your phone',
} as const;

/**
 * The sign-in / sign-up dialog, on every page. Its forms load when it first opens; it closes
 * itself once the shopper is signed in.
 */
export function SignInDialog() {
  const { signInDialog, openSignIn, closeSignIn, signedIn } = useShopper();
  const dialogRef = useModalDialog(signInDialog !== null);

  useEffect(() => {
    if (signedIn && signInDialog) closeSignIn();
  }, [signedIn, signInDialog, closeSignIn]);

  return (
    <dialog
      ref={dialogRef}
      onClose={closeSignIn}
      aria-labelledby="sign-in-title"
      className="m-auto max-h-[92vh] w-[min(94vw,28rem)] overflow-y-auto rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/50"
    >
      {signInDialog && (
        <div className="p-6">
          <div className="flex items-start justify-between">
            <h2 id="sign-in-title" className="font-serif text-2xl">
              {titles[signInDialog]}
            </h2>
            <button
              type="button"
              onClick={closeSignIn}
              aria-label="Close"
              className="rounded p-1 hover:bg-blush"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="mt-5">
            <Suspense fallback={<Spinner label="Loading..." />}>
              <SignInForms mode={signInDialog} onMode={openSignIn} onDone={closeSignIn} />
            </Suspense>
          </div>
          <button
            type="button"
            onClick={closeSignIn}
            className="mt-4 w-full rounded-full border border-line py-2.5 text-sm font-medium text-ink hover:border-brand-300"
          >
            Continue as Guest
          </button>
        </div>
      )}
    </dialog>
  );
}
