import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type {
  ProfileUpdateInput,
  SavedAddress,
  SavedAddressInput,
  User,
} from '@shop/contracts/auth';
import { PHONE_INPUT_MAX_LENGTH } from '@shop/domain/contact-details';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { useSignInOnArrival } from '../../lib/sign-in-on-arrival';
import { useToast } from '../../lib/toast';
import type { OrderPage } from '@shop/contracts/orders';
import { LazyOrdersTab } from '../orders/lazy-orders-tab';
import { accountApi } from './account-api';
import { Spinner } from '../spinner';
import { FormError, TextField, useFormAction, useSchemaForm } from './schema-form';
import { usePinAutofill } from '../checkout/use-pin-autofill';
import { MessagesCard, YourDataCard } from './privacy-cards';
import { AddEmailForm } from './add-email-form';
import { MySizeCard } from '../fit/my-size-card';
import { SignInPrompt } from './sign-in-prompt';

const primaryButton =
  'rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60';
const secondaryButton =
  'rounded-full border border-line bg-white px-5 py-2 text-sm font-medium text-ink hover:border-brand-300';
const card = 'rounded-2xl border border-line bg-white p-5 md:p-6';

type Tab = 'profile' | 'orders';

/**
 * The account's rules (the API's own schemas, and zod with them): loaded once the shopper starts
 * on a form or submits it, not for the page's first paint, which needs none of them.
 */
const accountRules = () => import('@shop/contracts/auth');
const preloadRules = () => void accountRules();

/**
 * /profile: opened signed out, it sends the shopper home and opens the sign-in dialog; signing
 * out here (or in another tab) sends her home without it. /orders/:orderNumber (`openOrder`, an
 * order message's link) is My Orders with that order opened: signed out, it stays and asks her to
 * sign in, so the order opens once she has.
 */
export function ProfilePage({
  initialOrders = null,
  openOrder,
}: {
  initialOrders?: OrderPage | null;
  openOrder?: string | undefined;
}) {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(
    openOrder !== undefined || params.get('tab') === 'orders' ? 'orders' : 'profile',
  );

  useSignInOnArrival(openOrder === undefined ? () => navigate('/', { replace: true }) : undefined);

  if (openOrder !== undefined && status === 'signed-out') {
    return (
      <SignInPrompt
        title="Your order"
        message={`Sign in with your phone number or e-mail to see order ${openOrder}.`}
      />
    );
  }

  if (status !== 'signed-in' || !user) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="sr-only">My Account</h1>
        <Spinner label="Loading your account..." />
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-3xl">My Account</h1>
      <div
        role="tablist"
        aria-label="Account sections"
        className="mt-6 flex gap-2 border-b border-line"
      >
        {(
          [
            ['profile', 'Profile'],
            ['orders', 'My Orders'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`tab-${value}`}
            aria-selected={tab === value}
            aria-controls={`panel-${value}`}
            onClick={() => setTab(value)}
            className={`-mb-px border-b-2 px-4 py-2.5 font-medium ${
              tab === value
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`tab-${tab}`}
        className="mt-6 space-y-6"
      >
        {tab === 'profile' ? (
          <>
            <DetailsCard user={user} />
            <MySizeCard />
            <AddressesCard user={user} />
            <PasswordCard user={user} />
            <MessagesCard />
            <YourDataCard hasPassword={user.hasPassword} phone={user.phone} />
            <SignOutCard />
          </>
        ) : (
          <LazyOrdersTab initial={initialOrders} openOrder={openOrder} />
        )}
      </div>
    </section>
  );
}

function useProfileSaver() {
  const { authed, setUser } = useAuth();
  const toast = useToast();
  return async (changes: ProfileUpdateInput) => {
    const { data } = await authed((api) => accountApi(api).updateProfile(changes));
    setUser(data);
    toast.success('Profile updated successfully!');
    return data;
  };
}

function DetailsCard({ user }: { user: User }) {
  const form = useSchemaForm({
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
  });
  const save = useProfileSaver();
  const { authed } = useAuth();
  const toast = useToast();
  const { busy, failure, run } = useFormAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { profileUpdateSchema } = await accountRules();
    const input = form.check(profileUpdateSchema);
    if (!input) return;
    await run(async () => {
      const saved = await save(form.values);
      form.reset({ firstName: saved.firstName, lastName: saved.lastName, phone: saved.phone });
    }, 'Failed to update profile');
  }

  async function resend() {
    try {
      await authed((api) => accountApi(api).resendVerification());
      toast.success('Verification email sent successfully!');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to resend verification email'));
    }
  }

  // An account made with a phone number has no e-mail until she adds one.
  const hasEmail = user.email !== '';
  return (
    <div className={card}>
      <h2 id="details-title" className="font-serif text-xl">
        Your details
      </h2>
      <form
        noValidate
        onSubmit={submit}
        onFocus={preloadRules}
        aria-labelledby="details-title"
        className="mt-4 space-y-4"
      >
        <FormError message={failure} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" />
          <TextField {...form.field('lastName')} label="Last name" autoComplete="family-name" />
        </div>
        {hasEmail && (
          <div>
            <label htmlFor="profile-email" className="text-sm font-medium text-ink">
              Email
            </label>
            <input
              id="profile-email"
              value={user.email}
              readOnly
              aria-describedby="profile-email-state"
              className="mt-1 block w-full rounded-xl border border-line bg-cream px-3.5 py-2.5 text-muted"
            />
            <p
              id="profile-email-state"
              className="mt-1.5 flex flex-wrap items-center gap-3 text-sm"
            >
              {user.emailVerified ? (
                <span className="font-medium text-green-700">Verified</span>
              ) : (
                <>
                  <span className="font-medium text-amber-700">Not verified yet</span>
                  <button
                    type="button"
                    onClick={resend}
                    className="font-medium text-brand-700 underline"
                  >
                    Resend verification
                  </button>
                </>
              )}
            </p>
          </div>
        )}
        <TextField
          {...form.field('phone')}
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_INPUT_MAX_LENGTH}
        />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving...' : 'Save changes'}
        </button>
      </form>
      {!hasEmail && (
        <div className="mt-6 border-t border-line pt-5">
          <AddEmailForm />
        </div>
      )}
    </div>
  );
}

const emptyAddress: Record<keyof Omit<SavedAddressInput, '_id'>, string> = {
  name: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  pinCode: '',
  phone: '',
};

const asInput = ({ _id, ...rest }: SavedAddress): SavedAddressInput => ({ _id, ...rest });

function AddressesCard({ user }: { user: User }) {
  const save = useProfileSaver();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function saveList(addresses: SavedAddressInput[]) {
    setFailure(null);
    try {
      await save({ addresses });
      setEditing(null);
      return true;
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update profile'));
      return false;
    }
  }

  return (
    <div className={card}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-serif text-xl">Saved addresses</h2>
        {editing === null && (
          <button type="button" className={secondaryButton} onClick={() => setEditing('new')}>
            Add address
          </button>
        )}
      </div>
      <div className="mt-4 space-y-4">
        <FormError message={failure} />
        {user.addresses.length === 0 && editing !== 'new' && (
          <p className="text-muted">No saved addresses yet.</p>
        )}
        {user.addresses.map((address) =>
          editing === address._id ? (
            <AddressForm
              key={address._id}
              initial={address}
              onCancel={() => setEditing(null)}
              onSave={(changed) =>
                saveList(
                  user.addresses.map((a) =>
                    a._id === address._id ? { ...changed, _id: a._id } : asInput(a),
                  ),
                )
              }
            />
          ) : (
            <div
              key={address._id}
              className="rounded-xl border border-line p-4"
              data-testid="saved-address"
            >
              <p className="font-medium">{address.name}</p>
              <p className="text-sm text-muted">
                {[
                  address.addressLine1,
                  address.addressLine2,
                  address.city,
                  address.state,
                  address.pinCode,
                ]
                  .filter(Boolean)
                  .join(', ')}
                {address.phone && ` · ${address.phone}`}
              </p>
              <div className="mt-3 flex gap-2">
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => setEditing(address._id)}
                >
                  Edit<span className="sr-only"> {address.name}</span>
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() =>
                    void saveList(user.addresses.filter((a) => a._id !== address._id).map(asInput))
                  }
                >
                  Delete<span className="sr-only"> {address.name}</span>
                </button>
              </div>
            </div>
          ),
        )}
        {editing === 'new' && (
          <AddressForm
            onCancel={() => setEditing(null)}
            onSave={(added) => saveList([...user.addresses.map(asInput), added])}
          />
        )}
      </div>
    </div>
  );
}

function AddressForm({
  initial,
  onSave,
  onCancel,
}: {
  initial?: SavedAddress;
  onSave: (address: SavedAddressInput) => Promise<boolean>;
  onCancel: () => void;
}) {
  const form = useSchemaForm(
    initial
      ? {
          name: initial.name,
          addressLine1: initial.addressLine1,
          addressLine2: initial.addressLine2,
          city: initial.city,
          state: initial.state,
          pinCode: initial.pinCode,
          phone: initial.phone,
        }
      : emptyAddress,
  );
  // A typed PIN fills city and state, as at checkout.
  const pinAutofill = usePinAutofill(form.values, form.setValues);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { savedAddressInput } = await accountRules();
    const input = form.check(savedAddressInput);
    if (!input) return;
    setBusy(true);
    await onSave(input);
    setBusy(false);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={preloadRules}
      className="space-y-3 rounded-xl border border-brand-200 bg-blush/40 p-4"
      aria-label={initial ? `Edit ${initial.name}` : 'New address'}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...form.field('name')} label="Address name" placeholder="Home, Office..." />
        <TextField
          {...form.field('phone')}
          label="Phone"
          hint="(optional)"
          type="tel"
          inputMode="tel"
          maxLength={PHONE_INPUT_MAX_LENGTH}
        />
      </div>
      <TextField
        {...form.field('addressLine1')}
        label="Address line 1"
        autoComplete="address-line1"
      />
      <TextField
        {...form.field('addressLine2')}
        label="Address line 2"
        hint="(optional)"
        autoComplete="address-line2"
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField {...form.field('city')} label="City" autoComplete="address-level2" />
        <TextField {...form.field('state')} label="State" autoComplete="address-level1" />
        <TextField
          {...pinAutofill.pinField(form.field('pinCode'))}
          label="PIN code"
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving...' : 'Save address'}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function PasswordCard({ user }: { user: User }) {
  const form = useSchemaForm({ currentPassword: '', newPassword: '' });
  const { authed, adoptSession } = useAuth();
  const toast = useToast();
  const { busy, failure, run } = useFormAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { changePasswordSchema } = await accountRules();
    const input = form.check(changePasswordSchema);
    if (!input) return;
    await run(async () => {
      const { data } = await authed((api) => accountApi(api).changePassword(input));
      adoptSession(data);
      form.reset();
      toast.success('Password changed successfully!');
    }, 'Password change failed');
  }

  if (!user.hasPassword) {
    return (
      <div className={card}>
        <h2 className="font-serif text-xl">Password</h2>
        <p className="mt-2 text-sm text-muted">
          {user.googleLinked
            ? 'You sign in with Google.'
            : 'You sign in with a code sent to your phone.'}{' '}
          {user.email === ''
            ? 'Add your e-mail above to set a password as well.'
            : 'To set a password as well, we can e-mail you a link.'}
        </p>
        {user.email !== '' && <PasswordLinkButton email={user.email} />}
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={preloadRules}
      className={card}
      aria-labelledby="password-title"
    >
      <h2 id="password-title" className="font-serif text-xl">
        Change password
      </h2>
      <div className="mt-4 space-y-4">
        <FormError message={failure} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...form.field('currentPassword')}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <TextField
            {...form.field('newPassword')}
            label="New password"
            type="password"
            autoComplete="new-password"
          />
        </div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving...' : 'Change password'}
        </button>
      </div>
    </form>
  );
}

/** Mails her the link that sets a password (the reset link: it proves the address too). */
function PasswordLinkButton({ email }: { email: string }) {
  const { authed } = useAuth();
  const { busy, failure, run } = useFormAction();
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <p role="status" className="mt-3 text-sm font-medium text-green-700">
        We sent a link to {email}. Open it within an hour to choose your password.
      </p>
    );
  }
  return (
    <div className="mt-3 space-y-3">
      <FormError message={failure} />
      <button
        type="button"
        disabled={busy}
        className={secondaryButton}
        onClick={() =>
          run(async () => {
            await authed((api) => accountApi(api).forgotPassword(email));
            setSent(true);
          }, 'Password reset request failed')
        }
      >
        {busy ? 'Sending...' : 'E-mail me a link to set a password'}
      </button>
    </div>
  );
}

function SignOutCard() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <div className="text-right">
      <button
        type="button"
        className={secondaryButton}
        onClick={async () => {
          await signOut();
          navigate('/');
        }}
      >
        Sign out
      </button>
    </div>
  );
}
