import { useState, type ReactNode } from 'react';
import { useController, useWatch } from 'react-hook-form';
import {
  paymentMethodsOnOffer,
  shopSettingsSchema,
  type ShopSettings,
  type ShopSettingsInput,
} from '@shop/contracts/shop-settings';
import { indianStateNames } from '@shop/domain/gstin';
import { type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime } from '../admin-format';
import {
  Field,
  FieldMessage,
  Form,
  FormError,
  Money,
  NumberField,
  Select,
  SubmitButton,
  TextArea,
} from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { settingsApi } from './settings-api';

const panel = 'rounded-2xl border border-line bg-white p-6 text-center';
const section = 'grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2';

const PAYMENT_WORDS: Record<(typeof paymentMethodsOnOffer)[number], string> = {
  online: 'Online (cards, UPI, net banking, wallets)',
  cod: 'Cash on delivery (the courier collects; the shopper confirms with a mailed code)',
};

/** A field's id, from its path in the settings: `settings-support-email`. */
const idOf = (path: string) => `settings-${path.replace('.', '-')}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={section}>
      <h2 className="font-medium sm:col-span-2">{title}</h2>
      {children}
    </section>
  );
}

/** The payment methods, ticked in and out of the list the schema reads. */
function PaymentMethods() {
  const {
    field: { value, onChange },
  } = useController<ShopSettingsInput, 'paymentMethods'>({ name: 'paymentMethods' });
  const chosen = value ?? [];
  return (
    <fieldset>
      <legend className="text-sm font-medium">Payment methods on offer</legend>
      {paymentMethodsOnOffer.map((method) => (
        <label key={method} className="mt-1 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={chosen.includes(method)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...chosen, method]
                  : chosen.filter((other) => other !== method),
              )
            }
            className="h-4 w-4 accent-brand-600"
          />
          {PAYMENT_WORDS[method]}
        </label>
      ))}
      <FieldMessage name="paymentMethods" />
    </fieldset>
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
  const form = useAdminForm(shopSettingsSchema, initial, {
    invalidMessage: 'Please correct the fields marked below.',
  });
  const busy = form.busy;
  const cod = (useWatch({ control: form.control, name: 'paymentMethods' }) ?? []).includes('cod');

  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const answer = await authed((api) => settingsApi(api).save(values));
        onSaved(answer.message);
      }}
      aria-label="Shop settings"
    >
      <fieldset disabled={busy} className="flex flex-col gap-5">
        <FormError status={form.status} />
        <Section title="The business">
          <Field name="shopName" id={idOf('shopName')} label="Shop name" />
          <Field name="legalName" id={idOf('legalName')} label="Legal name" />
          <TextArea
            name="address"
            id={idOf('address')}
            label="Registered address"
            rows={3}
            className="sm:col-span-2"
          />
          <Select name="state" id="settings-state" label="State">
            {indianStateNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
          <Field
            name="gstin"
            id={idOf('gstin')}
            label="GSTIN"
            hint="15 characters, starting with the state's code. Empty until registered."
          />
          <Field
            name="cin"
            id={idOf('cin')}
            label="CIN"
            hint="The company's 21-character Corporate Identity Number. Empty if not a company."
          />
        </Section>
        <Section title="Grievance officer">
          <Field name="grievanceOfficer.name" id={idOf('grievanceOfficer.name')} label="Name" />
          <Field
            name="grievanceOfficer.designation"
            id={idOf('grievanceOfficer.designation')}
            label="Designation"
          />
          <Field
            name="grievanceOfficer.email"
            id={idOf('grievanceOfficer.email')}
            label="Email"
            type="email"
          />
          <Field
            name="grievanceOfficer.phone"
            id={idOf('grievanceOfficer.phone')}
            label="Phone"
            type="tel"
          />
        </Section>
        <Section title="Support contacts">
          <Field name="support.email" id={idOf('support.email')} label="Email" type="email" />
          <Field name="support.phone" id={idOf('support.phone')} label="Phone" type="tel" />
          <Field
            name="support.whatsapp"
            id={idOf('support.whatsapp')}
            label="WhatsApp (optional)"
            type="tel"
          />
          <Field
            name="businessHours"
            id={idOf('businessHours')}
            label="Business hours"
            hint="As shoppers read it, e.g. Mon-Sat 10 AM-7 PM, Sunday closed."
          />
        </Section>
        <Section title="Selling">
          <PaymentMethods />
          {cod ? (
            <>
              <Money
                name="cashOnDelivery.feeRupees"
                id={idOf('cashOnDelivery.feeRupees')}
                label="Cash on delivery fee (₹)"
                hint="Added to the order's total when the shopper pays on delivery."
              />
              <Money
                name="cashOnDelivery.minOrderRupees"
                id={idOf('cashOnDelivery.minOrderRupees')}
                label="Smallest COD order (₹)"
              />
              <Money
                name="cashOnDelivery.maxOrderRupees"
                id={idOf('cashOnDelivery.maxOrderRupees')}
                label="Largest COD order (₹)"
                hint="Couriers cap the cash they carry."
              />
            </>
          ) : null}
          <NumberField
            name="lowStockThreshold"
            id={idOf('lowStockThreshold')}
            label="Low-stock threshold"
            hint="A size with this many or fewer left is low on stock (a product may set its own)."
          />
        </Section>
        <div>
          <SubmitButton
            busy={busy}
            className="rounded-full bg-brand-600 px-6 py-2.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            Save settings
          </SubmitButton>
        </div>
      </fieldset>
    </Form>
  );
}

/** /admin/settings: the settings load before the screen shows. */
export const settingsLoader = screenLoader((api: ApiClient) => settingsApi(api).read());
type SettingsAnswer = Awaited<ReturnType<ReturnType<typeof settingsApi>['read']>>;

/** /admin/settings (owners): the shop's details, contacts, payment methods and stock threshold. */
export function SettingsPage() {
  const { load, reload } = useScreenData<SettingsAnswer>();
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
