import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authMessages } from '@shop/contracts/auth';
import { createApiClient, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { useToast } from '../../lib/toast';
import { accountApi } from './account-api';
import { Spinner } from '../spinner';

/** Verifications in flight, by token: a link works once, and React may run an effect twice. */
const verifications = new Map<string, ReturnType<ReturnType<typeof accountApi>['verifyEmail']>>();

/** /verify-email?token=...: the link from the verification mail. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, setUser } = useAuth();
  const toast = useToast();
  const [state, setState] = useState<{ status: 'working' | 'done' | 'failed'; message: string }>(
    token
      ? { status: 'working', message: '' }
      : { status: 'failed', message: authMessages.verificationTokenRequired },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    let verification = verifications.get(token);
    if (!verification) {
      verification = accountApi(createApiClient()).verifyEmail(token);
      verifications.set(token, verification);
    }
    verification
      .then(({ data }) => {
        if (!live) return;
        setState({ status: 'done', message: 'Email verified successfully!' });
        toast.success('Email verified successfully!');
        if (user && user._id === data._id) setUser(data);
      })
      .catch((error: unknown) => {
        if (live)
          setState({ status: 'failed', message: errorMessage(error, 'Email verification failed') });
      });
    return () => {
      live = false;
    };
    // The user object changes as it loads; the verification runs once per token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="font-serif text-3xl">Confirm your email</h1>
      {state.status === 'working' && <Spinner label="Confirming your email..." />}
      {state.status === 'done' && (
        <p role="status" className="mt-6 rounded-lg bg-green-50 px-4 py-3 text-green-800">
          {state.message}
        </p>
      )}
      {state.status === 'failed' && (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 px-4 py-3 text-red-800">
          {state.message}
        </p>
      )}
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700"
      >
        Continue shopping
      </Link>
    </section>
  );
}
