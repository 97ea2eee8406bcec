import { useEffect, useEffectEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth-session';
import { safeReturnPath } from '../../lib/back-office';
import { useShopper, type SignInMode } from '../../lib/shopper';
import { UserIcon } from '../layout/icons';

/**
 * /login and /register: signing in happens in the site-wide dialog, so these pages open it in the
 * matching mode and explain where it went if the shopper closes it. `?redirectTo=/path` (a page
 * that needed a sign-in, e.g. the back office) is where a signed-in user goes next.
 */
export function SignInPlaceholder({ mode }: { mode: SignInMode }) {
  const { openSignIn, closeSignIn } = useShopper();
  const { status } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('redirectTo'));
  const goBack = useEffectEvent(() => {
    if (!returnTo) return;
    closeSignIn();
    navigate(returnTo, { replace: true });
  });

  useEffect(() => {
    if (status === 'signed-in') goBack();
  }, [status]);
  // openSignIn changes identity whenever the dialog opens or closes; an effect event keeps the
  // dialog from reopening itself each time the shopper closes it.
  const open = useEffectEvent((which: SignInMode) => openSignIn(which));

  useEffect(() => {
    open(mode);
  }, [mode]);

  const signup = mode === 'signup';
  return (
    <section className="mx-auto max-w-lg px-4 py-20 text-center">
      <span className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-brand-100 text-brand-700">
        <UserIcon />
      </span>
      <h1 className="mt-5 font-serif text-3xl md:text-4xl">
        {signup ? 'Create your account' : 'Sign in to Lacebloom'}
      </h1>
      <p className="mt-3 text-muted">
        {signup
          ? 'Please use the sign-up dialog to create your account. If you closed it, you can open it again below.'
          : 'Please use the sign-in dialog to log in to your account. If you closed it, you can open it again below.'}
      </p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <button
          type="button"
          onClick={() => openSignIn(mode)}
          className="rounded-full bg-brand-600 px-7 py-3 font-medium text-white hover:bg-brand-700"
        >
          {signup ? 'Open sign-up' : 'Open sign-in'}
        </button>
        <Link
          to="/"
          className="rounded-full border border-line bg-white px-7 py-3 font-medium text-ink hover:border-brand-300"
        >
          Continue shopping
        </Link>
      </div>
    </section>
  );
}
