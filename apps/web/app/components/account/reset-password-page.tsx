import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { authMessages, resetPasswordSchema } from '@shop/contracts/auth';
import { createApiClient } from '../../lib/api-client';
import { useShopper } from '../../lib/shopper';
import { useToast } from '../../lib/toast';
import { accountApi } from './account-api';
import { FormError, TextField, useFormAction, useSchemaForm } from './schema-form';

/** /reset-password?token=...: the link from the reset mail. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useSchemaForm({ password: '' });
  const { openSignIn } = useShopper();
  const toast = useToast();
  const { busy, failure: submitFailure, run } = useFormAction();
  const failure = token ? submitFailure : authMessages.resetTokenRequired;
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.check(resetPasswordSchema, { token, password: form.values.password });
    if (!input) return;
    await run(async () => {
      await accountApi(createApiClient()).resetPassword(input.token, input.password);
      toast.success('Password reset successfully!');
      setDone(true);
    }, 'Password reset failed');
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="font-serif text-3xl">Choose a new password</h1>
      {done ? (
        <div className="mt-6 space-y-5">
          <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-green-800">
            Password reset successfully! Every device that was signed in has been signed out.
          </p>
          <button
            type="button"
            onClick={() => openSignIn('login')}
            className="w-full rounded-full bg-brand-600 py-2.5 font-medium text-white hover:bg-brand-700"
          >
            Sign in
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-6 space-y-4">
          <FormError message={failure} />
          <TextField
            {...form.field('password')}
            label="New password"
            hint="(at least 6 characters)"
            type="password"
            autoComplete="new-password"
          />
          <button
            type="submit"
            disabled={busy || !token}
            className="w-full rounded-full bg-brand-600 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {busy ? 'Saving...' : 'Save new password'}
          </button>
        </form>
      )}
    </section>
  );
}
