import { useShopper } from '../../lib/shopper';
import { CloseIcon } from './icons';
import { useModalDialog } from '../use-modal-dialog';

/**
 * The sign-in / sign-up dialog. Accounts arrive with the account issue; until then it explains
 * that and lets the shopper carry on as a guest.
 */
export function SignInDialog() {
  const { signInDialog, openSignIn, closeSignIn } = useShopper();
  const dialogRef = useModalDialog(signInDialog !== null);

  const signup = signInDialog === 'signup';
  return (
    <dialog
      ref={dialogRef}
      onClose={closeSignIn}
      aria-labelledby="sign-in-title"
      className="m-auto w-[min(92vw,26rem)] rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/50"
    >
      {signInDialog && (
        <div className="p-6">
          <div className="flex items-start justify-between">
            <h2 id="sign-in-title" className="font-serif text-2xl">
              {signup ? 'Create your account' : 'Welcome back'}
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
          <p className="mt-3 text-sm text-muted">
            {signup
              ? 'Sign-up opens very soon. Until then you can browse, and your cart is kept as a guest.'
              : 'Sign-in opens very soon. Until then you can browse, and your cart is kept as a guest.'}
          </p>
          <button
            type="button"
            onClick={closeSignIn}
            className="mt-6 w-full rounded-full bg-brand-600 py-2.5 font-medium text-white hover:bg-brand-700"
          >
            Continue as Guest
          </button>
          <p className="mt-4 text-center text-sm text-muted">
            {signup ? 'Already have an account? ' : 'New here? '}
            <button
              type="button"
              onClick={() => openSignIn(signup ? 'login' : 'signup')}
              className="font-medium text-brand-700 underline"
            >
              {signup ? 'Sign in' : 'Create an account'}
            </button>
          </p>
        </div>
      )}
    </dialog>
  );
}
