import { useState, type FormEvent } from 'react';
import { useAuth } from '../../lib/auth-session';
import { accountApi } from './account-api';
import { FormError, TextField, useFormAction, useSchemaForm } from './schema-form';

const accountRules = () => import('@shop/contracts/auth');

/**
 * 'Add your e-mail', for an account made with a phone number: a link goes to the address, and
 * the address is hers once she opens it (until then her account has none). The form checks the
 * address with the API's own schema.
 */
export function AddEmailForm() {
  const form = useSchemaForm({ email: '' });
  const { authed } = useAuth();
  const { busy, failure, setFailure, run } = useFormAction();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { addEmailSchema } = await accountRules();
    const input = form.check(addEmailSchema);
    if (!input) return;
    await run(async () => {
      const { data } = await authed((api) => accountApi(api).addEmail(input));
      setSentTo(data.email);
    }, 'Could not send the link');
  }

  if (sentTo) {
    return (
      <div role="status" className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-ink">
        <p className="font-medium">Check your inbox</p>
        <p className="mt-1">
          We sent a link to <strong className="break-words">{sentTo}</strong>. Open it within 24
          hours to add this address to your account.
        </p>
        <button
          type="button"
          onClick={() => {
            setSentTo(null);
            setFailure(null);
            form.reset();
          }}
          className="mt-2 font-medium text-brand-700 underline"
        >
          Use another address
        </button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={() => void accountRules()}
      aria-labelledby="add-email-title"
      className="space-y-3"
    >
      <div>
        <h3 id="add-email-title" className="font-medium text-ink">
          Add your e-mail
        </h3>
        <p className="mt-1 text-sm text-muted">
          You sign in with your phone. Add an e-mail to get receipts there, and to sign in with it
          too.
        </p>
      </div>
      <FormError message={failure} />
      <TextField
        {...form.field('email')}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
      />
      <button
        type="submit"
        disabled={busy}
        className="rounded-full border border-line bg-white px-5 py-2 text-sm font-medium text-ink hover:border-brand-300 disabled:opacity-60"
      >
        {busy ? 'Sending...' : 'Send me a link'}
      </button>
    </form>
  );
}
