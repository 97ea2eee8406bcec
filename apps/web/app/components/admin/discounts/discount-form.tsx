import { useWatch } from 'react-hook-form';
import {
  discountFormSchema,
  type AdminDiscount,
  type DiscountFormInput,
} from '@shop/contracts/admin-discounts';
import type { Category } from '@shop/contracts/catalogue';
import { ChoicesFieldset, ProductChoices } from '../form-kit/choices';
import { Checkbox, DateField, Field, Money, NumberField, Select } from '../form-kit/fields';
import { FormSection, RecordForm } from '../form-kit/record-form';
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
  const form = useAdminForm(discountFormSchema, defaultsOf(discount), {
    prepare: withoutHiddenMaximum,
    invalidMessage: 'Please correct the fields marked below.',
  });

  const percent = useWatch({ control: form.control, name: 'kind' }) === 'percent';
  const busy = form.busy;

  return (
    <RecordForm
      form={form}
      label={discount ? 'Edit the code' : 'New code'}
      readOnly={readOnly}
      save={(api, values) =>
        discount ? discountsApi(api).update(discount._id, values) : discountsApi(api).create(values)
      }
      onSaved={onSaved}
      submitText={discount ? 'Save changes' : 'Create code'}
    >
      <FormSection title="The code">
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
      </FormSection>

      <FormSection title="What it takes off">
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
      </FormSection>

      <FormSection title="When and how often">
        <DateField name="startsAt" id="discount-starts" label="Starts (India time, optional)" />
        <DateField name="expiresAt" id="discount-expires" label="Expires (India time, optional)" />
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
      </FormSection>

      <FormSection
        title="Which products"
        intro="Nothing chosen: every product. Otherwise lines in the chosen categories or of the chosen products count; the minimum order counts the whole cart."
      >
        <ChoicesFieldset
          name="eligibleCategoryIds"
          legend="Categories"
          choices={categories.map((category) => ({ id: category._id, name: category.name }))}
        />
        <div>
          <p className="text-sm font-medium">Products</p>
          <ProductChoices
            name="eligibleProductIds"
            label="Find a product"
            disabled={readOnly || busy}
          />
        </div>
      </FormSection>
    </RecordForm>
  );
}
