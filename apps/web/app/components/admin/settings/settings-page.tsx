import { useState, type FormEvent, type ReactNode } from 'react';
import {
  paymentMethodsOnOffer,
  shopSettingsSchema,
  type ShopSettings,
} from '@shop/contracts/shop-settings';
import { indianStateNames } from '@shop/domain/gstin';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime } from '../admin-format';
import { useAdminLoad } from '../use-admin-load';
import { settingsApi } from './settings-api';

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const panel = 'rounded-2xl border border-line bg-white p-6 text-center';
const section = 'grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2';

type CodDraft = Record<keyof ShopSettings['cashOnDelivery'], string>;

/** The form's values as typed (numbers as text); read through the route's schema on save. */
type Draft = Omit<ShopSettings, 'lowStockThreshold' | 'cashOnDelivery'> & {
  lowStockThreshold: string;
  cashOnDelivery: CodDraft;
};

const PAYMENT_WORDS: Record<(typeof paymentMethodsOnOffer)[number], string> = {
  online: 'Online (cards, UPI, net banking, wallets)',
  cod: 'Cash on delivery (the courier collects; the shopper confirms with a mailed code)',
};

/** One input bound to a path of the draft (`support.email`), with its label and problem. */
function TextField({
  path,
  label,
  value,
  problem,
  onChange,
  type = 'text',
  hint,
  wide = false,
  multiline = false,
}: {
  path: string;
  label: string;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
  type?: string;
  hint?: string;
  wide?: boolean;
  multiline?: boolean;
}) {
  const id = `settings-${path.replace('.', '-')}`;
  const describedBy =
    [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') ||
    undefined;
  const common = {
    id,
    value,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
    className: field,
  };
  return (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="mt-1 text-sm text-brand-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={section}>
      <h2 className="font-medium sm:col-span-2">{title}</h2>
      {children}
    </section>
  );
}

function SettingsForm({
  initial,
  onSaved,
}: {
  initial: ShopSettings;
  onSaved: (message: string) => void;
}) {
  const { authed } = useAuth();
  const [draft, setDraft] = useState<Draft>({
    ...initial,
    lowStockThreshold: String(initial.lowStockThreshold),
    cashOnDelivery: {
      feeRupees: String(initial.cashOnDelivery.feeRupees),
      minOrderRupees: String(initial.cashOnDelivery.minOrderRupees),
      maxOrderRupees: String(initial.cashOnDelivery.maxOrderRupees),
    },
  });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setIn = <K extends 'grievanceOfficer' | 'support' | 'cashOnDelivery'>(
    key: K,
    inner: keyof Draft[K],
    value: string,
  ) => setDraft((current) => ({ ...current, [key]: { ...current[key], [inner]: value } }));
  const bind = (path: string, value: string, onChange: (value: string) => void) => ({
    path,
    value,
    onChange,
    problem: problems[path],
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const threshold = draft.lowStockThreshold.trim();
    const parsed = shopSettingsSchema.safeParse({
      ...draft,
      lowStockThreshold: threshold === '' ? undefined : Number(threshold),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setProblems(found);
      setFailure('Please correct the fields marked below.');
      return;
    }
    setProblems({});
    setFailure(null);
    setBusy(true);
    try {
      const answer = await authed((api) => settingsApi(api).save(parsed.data));
      onSaved(answer.message);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Shop settings">
      <fieldset disabled={busy} className="flex flex-col gap-5">
        {failure ? (
          <p
            role="alert"
            className="rounded-2xl border border-brand-300 bg-white p-3 text-sm text-brand-800"
          >
            {failure}
          </p>
        ) : null}
        <Section title="The business">
          <TextField
            label="Shop name"
            {...bind('shopName', draft.shopName, (value) => set('shopName', value))}
          />
          <TextField
            label="Legal name"
            {...bind('legalName', draft.legalName, (value) => set('legalName', value))}
          />
          <TextField
            label="Registered address"
            multiline
            wide
            {...bind('address', draft.address, (value) => set('address', value))}
          />
          <div>
            <label htmlFor="settings-state" className="block text-sm font-medium">
              State
            </label>
            <select
              id="settings-state"
              value={draft.state}
              onChange={(event) => set('state', event.target.value as Draft['state'])}
              className={field}
            >
              {indianStateNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="GSTIN"
            hint="15 characters, starting with the state's code. Empty until registered."
            {...bind('gstin', draft.gstin, (value) => set('gstin', value))}
          />
          <TextField
            label="CIN"
            hint="The company's 21-character Corporate Identity Number. Empty if not a company."
            {...bind('cin', draft.cin ?? '', (value) => set('cin', value))}
          />
        </Section>
        <Section title="Grievance officer">
          <TextField
            label="Name"
            {...bind('grievanceOfficer.name', draft.grievanceOfficer.name, (value) =>
              setIn('grievanceOfficer', 'name', value),
            )}
          />
          <TextField
            label="Designation"
            {...bind(
              'grievanceOfficer.designation',
              draft.grievanceOfficer.designation ?? '',
              (value) => setIn('grievanceOfficer', 'designation', value),
            )}
          />
          <TextField
            label="Email"
            type="email"
            {...bind('grievanceOfficer.email', draft.grievanceOfficer.email, (value) =>
              setIn('grievanceOfficer', 'email', value),
            )}
          />
          <TextField
            label="Phone"
            type="tel"
            {...bind('grievanceOfficer.phone', draft.grievanceOfficer.phone, (value) =>
              setIn('grievanceOfficer', 'phone', value),
            )}
          />
        </Section>
        <Section title="Support contacts">
          <TextField
            label="Email"
            type="email"
            {...bind('support.email', draft.support.email, (value) =>
              setIn('support', 'email', value),
            )}
          />
          <TextField
            label="Phone"
            type="tel"
            {...bind('support.phone', draft.support.phone, (value) =>
              setIn('support', 'phone', value),
            )}
          />
          <TextField
            label="WhatsApp (optional)"
            type="tel"
            {...bind('support.whatsapp', draft.support.whatsapp, (value) =>
              setIn('support', 'whatsapp', value),
            )}
          />
          <TextField
            label="Business hours"
            hint="As shoppers read it, e.g. Mon-Sat 10 AM-7 PM, Sunday closed."
            {...bind('businessHours', draft.businessHours, (value) => set('businessHours', value))}
          />
        </Section>
        <Section title="Selling">
          <fieldset>
            <legend className="text-sm font-medium">Payment methods on offer</legend>
            {paymentMethodsOnOffer.map((method) => (
              <label key={method} className="mt-1 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={draft.paymentMethods.includes(method)}
                  onChange={(event) =>
                    set(
                      'paymentMethods',
                      event.target.checked
                        ? [...draft.paymentMethods, method]
                        : draft.paymentMethods.filter((other) => other !== method),
                    )
                  }
                  className="h-4 w-4 accent-brand-600"
                />
                {PAYMENT_WORDS[method]}
              </label>
            ))}
            {problems.paymentMethods ? (
              <p className="mt-1 text-sm text-brand-800">{problems.paymentMethods}</p>
            ) : null}
          </fieldset>
          {draft.paymentMethods.includes('cod') ? (
            <>
              <TextField
                label="Cash on delivery fee (₹)"
                type="number"
                hint="Added to the order's total when the shopper pays on delivery."
                {...bind('cashOnDelivery.feeRupees', draft.cashOnDelivery.feeRupees, (value) =>
                  setIn('cashOnDelivery', 'feeRupees', value),
                )}
              />
              <TextField
                label="Smallest COD order (₹)"
                type="number"
                {...bind(
                  'cashOnDelivery.minOrderRupees',
                  draft.cashOnDelivery.minOrderRupees,
                  (value) => setIn('cashOnDelivery', 'minOrderRupees', value),
                )}
              />
              <TextField
                label="Largest COD order (₹)"
                type="number"
                hint="Couriers cap the cash they carry."
                {...bind(
                  'cashOnDelivery.maxOrderRupees',
                  draft.cashOnDelivery.maxOrderRupees,
                  (value) => setIn('cashOnDelivery', 'maxOrderRupees', value),
                )}
              />
            </>
          ) : null}
          <TextField
            label="Low-stock threshold"
            hint="A size with this many or fewer left is low on stock (a product may set its own)."
            {...bind('lowStockThreshold', draft.lowStockThreshold, (value) =>
              set('lowStockThreshold', value),
            )}
          />
        </Section>
        <div>
          <button
            type="submit"
            className="rounded-full bg-brand-600 px-6 py-2.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {busy ? 'Saving...' : 'Save settings'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

const readSettings = (api: ApiClient) => settingsApi(api).read();

/** /admin/settings (owners): the shop's details, contacts, payment methods and stock threshold. */
export function SettingsPage() {
  const { load, reload } = useAdminLoad('settings', undefined, readSettings);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="flex flex-col gap-5">
      <div>
        <h1 className="font-serif text-3xl">Shop settings</h1>
        <p className="mt-1 text-sm text-muted">
          {load.state === 'ready' && load.data.updatedAt
            ? `Last changed ${formatIndiaDateTime(load.data.updatedAt)}. `
            : ''}
          The contacts, hours and grievance officer show on the shop. Every change is in the audit
          log.
        </p>
      </div>
      {notice ? (
        <p role="status" className="rounded-2xl border border-line bg-white p-3 text-sm">
          {notice}
        </p>
      ) : null}
      {load.state === 'loading' ? (
        <p role="status" className={`${panel} text-muted`}>
          Loading the settings...
        </p>
      ) : null}
      {load.state === 'failed' ? (
        <div role="alert" className={panel}>
          <p>{load.message}</p>
          <button
            type="button"
            className="mt-3 rounded-full border border-line bg-white px-4 py-2 text-sm font-medium"
            onClick={reload}
          >
            Try Again
          </button>
        </div>
      ) : null}
      {load.state === 'ready' ? (
        <SettingsForm
          key={load.data.updatedAt ?? 'defaults'}
          initial={load.data.settings as ShopSettings}
          onSaved={(message) => {
            setNotice(message);
            reload();
          }}
        />
      ) : null}
    </section>
  );
}
