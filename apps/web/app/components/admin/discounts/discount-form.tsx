import { useWatch } from 'react-hook-form';
import {
  discountFormSchema,
  type AdminDiscount,
  type DiscountFormInput,
} from '@shop/contracts/admin-discounts';
import type { Category } from '@shop/contracts/catalogue';
import { useAuth } from '../../../lib/auth-session';
import {
  Checkbox,
  DateField,
  Field,
  FieldMessage,
  Form,
  FormError,
  Money,
  NumberField,
  Select,
  SubmitButton,
} from '../form-kit/fields';
import { IdChoices, ProductChoices } from '../form-kit/choices';
import { useAdminForm } from '../form-kit/use-admin-form';
import { discountsApi } from './discounts-api';

/** The form's values as the contract reads them; a new code starts as a percentage coupon. */
function defaultsOf(discount: AdminDiscount | undefined): DiscountFormInput {
  if (!discount) {
    return {
      code: '',
      type: 'coupon',
      description: '',
      kind: 'percent',
      value: undefined as unknown as number,
      minOrder: 0,
      maxDiscount: null,
      startsAt: null,
      expiresAt: null,
      usageLimit: null,
      perUserLimit: null,
      firstOrderOnly: false,
      eligibleCategoryIds: [],
      eligibleProductIds: [],
    };
  }
  return {
    code: discount.code,
    type: discount.type,
    description: discount.description,
    kind: discount.kind,
    value: discount.value,
    minOrder: discount.minOrder,
    maxDiscount: discount.maxDiscount,
    startsAt: discount.startsAt,
    expiresAt: discount.expiresAt,
    usageLimit: discount.usageLimit,
    perUserLimit: discount.perUserLimit,
    firstOrderOnly: discount.firstOrderOnly,
    eligibleCategoryIds: discount.eligibleCategoryIds,
    eligibleProductIds: discount.eligibleProductIds,
  };
}

/** A flat code has no maximum: whatever was typed there while it was a percentage is dropped. */
const withoutHiddenMaximum = (values: DiscountFormInput): DiscountFormInput =>
  values.kind === 'percent' ? values : { ...values, maxDiscount: null };

interface DiscountFormProps {
  discount?: AdminDiscount;
  /** The categories to choose from, loaded with the screen. */
  categories: Category[];
  /** Staff read the code; only owners change it. */
  readOnly: boolean;
  onSaved: (discount: AdminDiscount, message: string) => void;
}

/**
 * A coupon or voucher with every rule the discount engine applies, checked by the route's own
 * schema (and the domain's rules in it) before it is sent; the server's refusals are shown as
 * worded.
 */
export function DiscountForm({ discount, categories, readOnly, onSaved }: DiscountFormProps) {
  const { authed } = useAuth();
  const form = useAdminForm(discountFormSchema, defaultsOf(discount), {
    prepare: withoutHiddenMaximum,
    invalidMessage: 'Please correct the fields marked below.',
  });

  const percent = useWatch({ control: form.control, name: 'kind' }) === 'percent';
  const busy = form.busy;

  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const answer = await authed((api) =>
          discount
            ? discountsApi(api).update(discount._id, values)
            : discountsApi(api).create(values),
        );
        onSaved(answer.data, answer.message);
      }}
      aria-label={discount ? 'Edit the code' : 'New code'}
    >
      <fieldset disabled={readOnly || busy} className="flex flex-col gap-5">
        <FormError status={form.status} />
        <section className="grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2">
          <h2 className="font-medium sm:col-span-2">The code</h2>
          <Field
            name="code"
            id="discount-code"
            label="Code"
            hint="Shoppers type it in any case."
            autoComplete="off"
            inputClassName="font-mono uppercase"
          />
          <Select
            name="type"
            id="discount-type"
            label="Type"
            hint="A cart holds one coupon and one voucher."
          >
            <option value="coupon">Coupon</option>
            <option value="voucher">Voucher</option>
          </Select>
          <Field
            className="sm:col-span-2"
            name="description"
            id="discount-description"
            label="Description (optional)"
          />
        </section>

        <section className="grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2">
          <h2 className="font-medium sm:col-span-2">What it takes off</h2>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium">Kind</legend>
            <div className="mt-1 flex flex-wrap gap-4 text-sm">
              {(
                [
                  ['percent', 'A percentage'],
                  ['flat', 'A flat amount'],
                ] as const
              ).map(([kind, words]) => (
                <label key={kind} className="flex items-center gap-2">
                  <input
                    type="radio"
                    value={kind}
                    className="accent-brand-600"
                    {...form.register('kind')}
                  />
                  {words}
                </label>
              ))}
            </div>
          </fieldset>
          <Money
            name="value"
            id="discount-value"
            label={percent ? 'Percent off' : 'Amount off (₹)'}
            hint={percent ? 'A whole number from 1 to 90.' : undefined}
          />
          {percent ? (
            <Money
              name="maxDiscount"
              id="discount-max"
              label="Maximum discount (₹, optional)"
              blank={null}
            />
          ) : null}
          <Money
            name="minOrder"
            id="discount-min"
            label="Minimum order (₹)"
            hint={percent ? 'Empty for any order.' : 'Must be above the amount off.'}
            blank={0}
          />
        </section>

        <section className="grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2">
          <h2 className="font-medium sm:col-span-2">When and how often</h2>
          <DateField name="startsAt" id="discount-starts" label="Starts (India time, optional)" />
          <DateField
            name="expiresAt"
            id="discount-expires"
            label="Expires (India time, optional)"
          />
          <NumberField
            name="usageLimit"
            id="discount-usage"
            label="Total uses (optional)"
            hint="Orders placed with it, by anyone."
            blank={null}
          />
          <NumberField
            name="perUserLimit"
            id="discount-per-user"
            label="Uses per shopper (optional)"
            blank={null}
          />
          <Checkbox
            name="firstOrderOnly"
            className="sm:col-span-2"
            label="First order only (refused once the shopper has a paid order)"
          />
        </section>

        <section className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4">
          <div>
            <h2 className="font-medium">Which products</h2>
            <p className="text-sm text-muted">
              Nothing chosen: every product. Otherwise lines in the chosen categories or of the
              chosen products count; the minimum order counts the whole cart.
            </p>
          </div>
          <fieldset>
            <legend className="text-sm font-medium">Categories</legend>
            <IdChoices
              name="eligibleCategoryIds"
              choices={categories.map((category) => ({ id: category._id, name: category.name }))}
            />
            <FieldMessage name="eligibleCategoryIds" />
          </fieldset>
          <div>
            <p className="text-sm font-medium">Products</p>
            <ProductChoices
              name="eligibleProductIds"
              label="Find a product"
              disabled={readOnly || busy}
            />
          </div>
        </section>

        {readOnly ? null : (
          <div>
            <SubmitButton
              busy={busy}
              className="rounded-full bg-brand-600 px-6 py-2.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {discount ? 'Save changes' : 'Create code'}
            </SubmitButton>
          </div>
        )}
      </fieldset>
    </Form>
  );
}
