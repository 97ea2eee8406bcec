import { useEffect, useState, type FormEvent } from 'react';
import {
  forgotPasswordSchema,
  loginSchema,
  phoneCodeSendSchema,
  phoneCodeVerifySchema,
  profileUpdateSchema,
  signupSchema,
  type AuthSession,
  type GoogleConfig,
  type PhoneCodeSent,
  type PhoneSignInConfig,
} from '@shop/contracts/auth';
import { consentWording, messageChannels, type MessageChannel } from '@shop/domain/account-data';
import { PHONE_INPUT_MAX_LENGTH } from '@shop/domain/contact-details';
import { createApiClient } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import type { SignInMode } from '../../lib/shopper';
import { useToast } from '../../lib/toast';
import { startGoogleSignIn } from '../content/google-sign-in';
import { accountApi } from './account-api';
import { FormError, TextField, useFormAction, useSchemaForm } from './schema-form';

const primaryButton =
  'w-full rounded-full bg-brand-600 py-2.5 font-medium text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70';
const linkButton = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** The dialog's forms (loaded only when the dialog opens, to keep pages light). */
export default function SignInForms({
  mode,
  onMode,
  onDone,
}: {
  mode: SignInMode;
  onMode: (mode: SignInMode) => void;
  onDone: () => void;
}) {
  // Each mode is its own form; changing mode remounts it, which clears fields and errors.
  if (mode === 'signup') return <SignupForm key="signup" onMode={onMode} onDone={onDone} />;
  if (mode === 'forgot') return <ForgotForm key="forgot" onMode={onMode} />;
  if (mode === 'phone') return <PhoneForm key="phone" onMode={onMode} onDone={onDone} />;
  return <LoginForm key="login" onMode={onMode} onDone={onDone} />;
}

function LoginForm({ onMode, onDone }: { onMode: (mode: SignInMode) => void; onDone: () => void }) {
  const form = useSchemaForm({ email: '', password: '' });
  const { signIn } = useAuth();
  const toast = useToast();
  const { busy, failure, run } = useFormAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.check(loginSchema);
    if (!input) return;
    await run(async () => {
      await signIn(input);
      toast.success('Login successful!');
      onDone();
    }, 'Login failed');
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormError message={failure} />
      <TextField
        {...form.field('email')}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
      />
      <TextField
        {...form.field('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <div className="text-right text-sm">
        <button type="button" className={linkButton} onClick={() => onMode('forgot')}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
      <GoogleButton />
      <PhoneButton onMode={onMode} />
      <p className="text-center text-sm text-muted">
        New here?{' '}
        <button type="button" className={linkButton} onClick={() => onMode('signup')}>
          Create an account
        </button>
      </p>
    </form>
  );
}

function SignupForm({
  onMode,
  onDone,
}: {
  onMode: (mode: SignInMode) => void;
  onDone: () => void;
}) {
  const form = useSchemaForm({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    phone: '',
    homeAddress: '',
    officeAddress: '',
  });
  // Each offer box starts unticked: consent is her own act, never a default.
  const [offers, setOffers] = useState<Record<MessageChannel, boolean>>({
    email: false,
    whatsapp: false,
    sms: false,
  });
  const { signUp } = useAuth();
  const toast = useToast();
  const { busy, failure, run } = useFormAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.check(signupSchema, { ...form.values, offers });
    if (!input) return;
    await run(async () => {
      await signUp(input);
      toast.success('Registration successful!');
      onDone();
    }, 'Registration failed');
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-3.5">
      <FormError message={failure} />
      <div className="grid gap-3.5 sm:grid-cols-2">
        <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" />
        <TextField {...form.field('lastName')} label="Last name" autoComplete="family-name" />
      </div>
      <TextField
        {...form.field('email')}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
      />
      <TextField
        {...form.field('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="(at least 6 characters)"
      />
      <TextField
        {...form.field('phone')}
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        placeholder="98765 43210"
      />
      <TextField
        {...form.field('homeAddress')}
        label="Home address"
        hint="(optional)"
        autoComplete="street-address"
      />
      <TextField {...form.field('officeAddress')} label="Office address" hint="(optional)" />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">
          Offers <span className="font-normal text-muted">(optional)</span>
        </legend>
        {messageChannels.map((channel) => (
          <label key={channel} className="flex items-start gap-2.5 text-sm leading-snug">
            <input
              type="checkbox"
              name={`offers.${channel}`}
              checked={offers[channel]}
              onChange={(event) =>
                setOffers((current) => ({ ...current, [channel]: event.target.checked }))
              }
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
            />
            <span>{consentWording.offers[channel]}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? 'Creating your account...' : 'Create Account'}
      </button>
      <GoogleButton />
      <PhoneButton onMode={onMode} />
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <button type="button" className={linkButton} onClick={() => onMode('login')}>
          Sign in
        </button>
      </p>
    </form>
  );
}

function ForgotForm({ onMode }: { onMode: (mode: SignInMode) => void }) {
  const form = useSchemaForm({ email: '' });
  const toast = useToast();
  const { busy, failure, run } = useFormAction();
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.check(forgotPasswordSchema);
    if (!input) return;
    await run(async () => {
      const { message } = await accountApi(createApiClient()).forgotPassword(input.email);
      setSent(message);
      toast.success('Password reset email sent successfully!');
    }, 'Password reset request failed');
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-muted">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <FormError message={failure} />
      {sent ? (
        <p role="status" className="rounded-lg bg-green-50 px-3.5 py-2.5 text-sm text-green-800">
          {sent}
        </p>
      ) : (
        <>
          <TextField
            {...form.field('email')}
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
          />
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </button>
        </>
      )}
      <p className="text-center text-sm">
        <button type="button" className={linkButton} onClick={() => onMode('login')}>
          Back to sign in
        </button>
      </p>
    </form>
  );
}

const secondaryButton =
  'flex w-full items-center justify-center gap-2 rounded-full border border-line bg-white py-2.5 font-medium text-ink hover:border-brand-300';

/** Whether the shop can send sign-in codes (none: the phone path is hidden). */
function usePhoneConfig() {
  const [config, setConfig] = useState<PhoneSignInConfig | null>(null);
  useEffect(() => {
    let live = true;
    accountApi(createApiClient())
      .phoneConfig()
      .then((loaded) => live && setConfig(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** 'Continue with phone number', shown only when the shop can send codes. */
function PhoneButton({ onMode }: { onMode: (mode: SignInMode) => void }) {
  const config = usePhoneConfig();
  if (!config?.enabled) return null;
  return (
    <button type="button" onClick={() => onMode('phone')} className={secondaryButton}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <rect x="6" y="2" width="12" height="20" rx="2" />
        <path d="M11 18h2" />
      </svg>
      Continue with phone number
    </button>
  );
}

/**
 * Sign-in with a phone number: the number, then the 6-digit code sent to it (WhatsApp first,
 * SMS when she asks). A new number makes an account; a signed-in shopper adds the number.
 */
function PhoneForm({ onMode, onDone }: { onMode: (mode: SignInMode) => void; onDone: () => void }) {
  const form = useSchemaForm({ phone: '', code: '', firstName: '' });
  const { adoptSession } = useAuth();
  const toast = useToast();
  const { busy, failure, setFailure, run } = useFormAction();
  const config = usePhoneConfig();
  const [sent, setSent] = useState<(PhoneCodeSent & { phone: string }) | null>(null);
  const [wait, setWait] = useState(0);
  // A new account made by this number: her first name is asked before the session is taken up
  // (the dialog closes itself once she is signed in).
  const [fresh, setFresh] = useState<AuthSession | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  async function sendCode(channel?: 'whatsapp' | 'sms') {
    const input = form.check(phoneCodeSendSchema, { phone: form.values.phone });
    if (!input) return;
    await run(async () => {
      const answer = await accountApi(createApiClient()).sendPhoneCode(input.phone, channel);
      setSent({ ...answer.data, phone: input.phone });
      setWait(answer.data.resendAfterSeconds);
      setFailure(null);
    }, 'Could not send the code');
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!sent) return sendCode();
    const input = form.check(phoneCodeVerifySchema, {
      requestId: sent.requestId,
      phone: sent.phone,
      code: form.values.code,
    });
    if (!input) return;
    await run(async () => {
      const answer = await accountApi(createApiClient()).verifyPhoneCode(input);
      if (answer.data.user.firstName === '') {
        setFresh(answer.data);
        return;
      }
      adoptSession(answer.data);
      toast.success('Signed in');
      onDone();
    }, 'Could not check the code');
  }

  async function saveName(event: FormEvent) {
    event.preventDefault();
    const input = form.check(profileUpdateSchema, { firstName: form.values.firstName });
    if (!input || !fresh) return;
    await run(async () => {
      const api = accountApi(createApiClient({ token: fresh.accessToken }));
      const { data } = await api.updateProfile(input);
      adoptSession({ ...fresh, user: data });
      toast.success('Welcome to Lacebloom!');
      onDone();
    }, 'Failed to update profile');
  }

  if (fresh) {
    return (
      <form noValidate onSubmit={saveName} className="space-y-4">
        <p className="text-sm text-muted">Welcome! What should we call you?</p>
        <FormError message={failure} />
        <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving...' : 'Continue'}
        </button>
      </form>
    );
  }

  const smsOffered = config?.channels.includes('sms') ?? false;
  return (
    <form noValidate onSubmit={verify} className="space-y-4">
      <FormError message={failure} />
      <TextField
        {...form.field('phone')}
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        placeholder="98765 43210"
        readOnly={sent !== null}
      />
      {sent ? (
        <>
          <p role="status" className="text-sm text-muted">
            We sent a 6-digit code to +91 {sent.phone} by{' '}
            {sent.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}.
          </p>
          <TextField
            {...form.field('code')}
            label="Code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
          />
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? 'Checking...' : 'Verify and continue'}
          </button>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <button
              type="button"
              className={linkButton}
              disabled={busy || wait > 0}
              onClick={() => void sendCode(sent.channel)}
            >
              {wait > 0 ? `Resend in ${wait} s` : 'Resend code'}
            </button>
            {smsOffered && sent.channel === 'whatsapp' && (
              <button
                type="button"
                className={linkButton}
                disabled={busy || wait > 0}
                onClick={() => void sendCode('sms')}
              >
                Send by SMS instead
              </button>
            )}
          </div>
        </>
      ) : (
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Sending...' : 'Send code'}
        </button>
      )}
      <p className="text-center text-sm">
        <button type="button" className={linkButton} onClick={() => onMode('login')}>
          Sign in with email instead
        </button>
      </p>
    </form>
  );
}

/** Shown only when the shop has Google sign-in configured. */
function GoogleButton() {
  const [config, setConfig] = useState<GoogleConfig | null>(null);
  useEffect(() => {
    let live = true;
    accountApi(createApiClient())
      .googleConfig()
      .then((loaded) => live && setConfig(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!config?.enabled) return null;
  return (
    <button
      type="button"
      onClick={() => startGoogleSignIn(config)}
      className="flex w-full items-center justify-center gap-2 rounded-full border border-line bg-white py-2.5 font-medium text-ink hover:border-brand-300"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
        <path
          fill="#4285F4"
          d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2 3.5-5 3.5-8.8z"
        />
        <path
          fill="#34A853"
          d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3a7.2 7.2 0 0 1-10.8-3.8H1.3v3.1A12 12 0 0 0 12 24z"
        />
        <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
        <path
          fill="#EA4335"
          d="M12 4.8c1.8 0 3.4.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8z"
        />
      </svg>
      Continue with Google
    </button>
  );
}
