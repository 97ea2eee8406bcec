import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AccountDeleted } from '@shop/contracts/account-data';
import {
  consentWording,
  type MessageChannel,
  type MessagePreferences,
  type MessagePurpose,
} from '@shop/domain/account-data';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { saveFile } from '../../lib/save-file';
import { useToast } from '../../lib/toast';
import { accountApi } from './account-api';
import { FormError, TextField, useFormAction, useSchemaForm } from './schema-form';

const card = 'rounded-2xl border border-line bg-white p-5 md:p-6';
const primaryButton =
  'rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60';
const secondaryButton =
  'rounded-full border border-line bg-white px-5 py-2 text-sm font-medium text-ink hover:border-brand-300 disabled:opacity-60';
const dangerButton =
  'rounded-full bg-red-700 px-6 py-2.5 font-medium text-white hover:bg-red-800 disabled:opacity-60';

const purposes: { purpose: MessagePurpose; title: string; about: string }[] = [
  {
    purpose: 'orderUpdates',
    title: 'Order updates',
    about: 'Placed, shipped, out for delivery, delivered, returns and refunds.',
  },
  {
    purpose: 'offers',
    title: 'Offers',
    about: 'Sales and new arrivals. Off until you tick a box; untick it to stop them at once.',
  },
];
const channels: MessageChannel[] = ['email', 'whatsapp', 'sms'];

/**
 * The rules (the API's own schemas, and zod with them) load when she saves, not for the page's
 * first paint, which needs only the words.
 */
const rules = () => import('@shop/contracts/account-data');

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });

/**
 * Her choices of messages: one box per purpose and channel, each worded as the consent record
 * keeps it, checked by the same schema as the server before saving.
 */
export function MessagesCard() {
  const { authed } = useAuth();
  const toast = useToast();
  const [choices, setChoices] = useState<MessagePreferences | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const { busy, failure, run } = useFormAction();

  useEffect(() => {
    let live = true;
    authed((api) => accountApi(api).messageChoices())
      .then((loaded) => live && setChoices(loaded))
      .catch((error: unknown) => live && setLoadFailure(errorMessage(error)));
    return () => {
      live = false;
    };
  }, [authed]);

  function toggle(purpose: MessagePurpose, channel: MessageChannel, on: boolean) {
    setChoices((current) =>
      current ? { ...current, [purpose]: { ...current[purpose], [channel]: on } } : current,
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { messagePreferencesSchema } = await rules();
    const checked = messagePreferencesSchema.safeParse(choices);
    if (!checked.success) return;
    await run(async () => {
      const { data, message } = await authed((api) =>
        accountApi(api).saveMessageChoices({ ...checked.data, source: 'profile' }),
      );
      setChoices(data);
      toast.success(message);
    }, 'Could not save your choices');
  }

  return (
    <form noValidate onSubmit={submit} className={card} aria-labelledby="messages-title">
      <h2 id="messages-title" className="font-serif text-xl">
        Messages from us
      </h2>
      <p className="mt-1 text-sm text-muted">
        WhatsApp and SMS go to your verified phone number. Texts never name what you bought.
      </p>
      <div className="mt-4 space-y-5">
        <FormError message={failure ?? loadFailure} />
        {!choices && !loadFailure && <p className="text-sm text-muted">Loading your choices...</p>}
        {choices &&
          purposes.map(({ purpose, title, about }) => (
            <fieldset key={purpose} className="space-y-2">
              <legend className="font-medium text-ink">{title}</legend>
              <p className="text-sm text-muted">{about}</p>
              {channels.map((channel) => (
                <label key={channel} className="flex items-start gap-3 text-sm leading-snug">
                  <input
                    type="checkbox"
                    name={`${purpose}.${channel}`}
                    checked={choices[purpose][channel]}
                    onChange={(event) => toggle(purpose, channel, event.target.checked)}
                    className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
                  />
                  <span>{consentWording[purpose][channel]}</span>
                </label>
              ))}
            </fieldset>
          ))}
        <button type="submit" className={primaryButton} disabled={busy || !choices}>
          {busy ? 'Saving...' : 'Save my choices'}
        </button>
      </div>
    </form>
  );
}

/** The words the deletion's answer shows about each kept order. */
export function keptSummary(kept: AccountDeleted['kept']): string {
  if (kept.length === 0) return 'Your account and your data are deleted.';
  const orders = kept.map((one) => `${one.orderNumber} (until ${longDate(one.until)})`).join(', ');
  return `Your account is deleted. As GST law requires, we keep the tax invoice${kept.length > 1 ? 's' : ''} of order${kept.length > 1 ? 's' : ''} ${orders}, without your e-mail or phone.`;
}

/**
 * Her data: the download of everything held about her, and the deletion of her account behind a
 * confirmation that says what goes, what stays and asks for her password.
 */
export function YourDataCard({ hasPassword, phone }: { hasPassword: boolean; phone: string }) {
  const { authed, signOut } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useSchemaForm({ password: '', code: '' });
  const { busy, failure, setFailure, run } = useFormAction();
  // An account without a password proves it is her with a code sent to her phone.
  const [requestId, setRequestId] = useState<string | null>(null);
  const byPhone = !hasPassword && phone !== '';

  async function sendCode() {
    await run(async () => {
      const { data } = await authed((api) => accountApi(api).sendPhoneCode(phone));
      setRequestId(data.requestId);
    }, 'Could not send a code');
  }

  async function download() {
    setDownloading(true);
    try {
      const blob = await authed((api) => accountApi(api).downloadData());
      saveFile(blob, `my-data-${new Date().toISOString().slice(0, 10)}.json`);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not prepare your data'));
    } finally {
      setDownloading(false);
    }
  }

  async function erase(event: FormEvent) {
    event.preventDefault();
    const { deleteAccountSchema } = await rules();
    const input = form.check(
      deleteAccountSchema,
      byPhone ? { requestId, code: form.values.code } : { password: form.values.password },
    );
    if (!input) return;
    await run(async () => {
      const { data } = await authed((api) => accountApi(api).deleteAccount(input));
      await signOut();
      toast.success(keptSummary(data.kept));
      navigate('/', { replace: true });
    }, 'Could not delete your account');
  }

  function cancel() {
    setConfirming(false);
    setRequestId(null);
    setFailure(null);
    form.reset();
  }

  return (
    <div className={card} aria-labelledby="data-title" role="region">
      <h2 id="data-title" className="font-serif text-xl">
        Your data
      </h2>
      <p className="mt-1 text-sm text-muted">
        Download everything we hold about you (profile, addresses, orders, choices, messages and
        sign-ins) as one file, or delete your account. How we use your data is in our{' '}
        <Link to="/privacy-policy" className="font-medium text-brand-700 underline">
          privacy policy
        </Link>
        .
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={download} disabled={downloading}>
          {downloading ? 'Preparing...' : 'Download my data'}
        </button>
        {!confirming && (
          <button
            type="button"
            className={`${secondaryButton} text-red-700`}
            onClick={() => setConfirming(true)}
          >
            Delete my account
          </button>
        )}
      </div>
      {confirming && (
        <form
          noValidate
          onSubmit={erase}
          aria-label="Confirm deleting your account"
          className="mt-4 space-y-3 rounded-xl border border-red-200 bg-red-50/60 p-4"
        >
          <p className="font-medium text-red-800">This cannot be undone.</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
            <li>You are signed out on every device and cannot sign in to this account again.</li>
            <li>
              Your name, e-mail, phone, addresses, wishlist, cart and message choices are erased.
            </li>
            <li>
              Tax invoices of paid orders are kept for 6 years as GST law requires, with the name
              and address printed on them but no e-mail or phone.
            </li>
          </ul>
          <FormError message={failure} />
          {hasPassword ? (
            <>
              <TextField
                {...form.field('password')}
                label="Your password"
                type="password"
                autoComplete="current-password"
              />
              <div className="flex flex-wrap gap-2">
                <button type="submit" className={dangerButton} disabled={busy}>
                  {busy ? 'Deleting...' : 'Delete my account for good'}
                </button>
                <button type="button" className={secondaryButton} onClick={cancel}>
                  Keep my account
                </button>
              </div>
            </>
          ) : byPhone ? (
            <>
              {requestId ? (
                <TextField
                  {...form.field('code')}
                  label={`The 6-digit code sent to ${phone}`}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                />
              ) : (
                <p className="text-sm text-ink">
                  We will send a code to {phone} to make sure it is you.
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                {requestId ? (
                  <button type="submit" className={dangerButton} disabled={busy}>
                    {busy ? 'Deleting...' : 'Delete my account for good'}
                  </button>
                ) : (
                  <button type="button" className={dangerButton} onClick={sendCode} disabled={busy}>
                    Send me a code
                  </button>
                )}
                <button type="button" className={secondaryButton} onClick={cancel}>
                  Keep my account
                </button>
              </div>
            </>
          ) : (
            <>
              <p className="text-sm text-ink">
                You sign in with Google. Set a password first with &lsquo;Forgot password?&rsquo; in
                the sign-in dialog, then delete your account with it.
              </p>
              <button type="button" className={secondaryButton} onClick={cancel}>
                Keep my account
              </button>
            </>
          )}
        </form>
      )}
    </div>
  );
}
