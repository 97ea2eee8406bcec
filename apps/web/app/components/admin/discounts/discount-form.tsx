import { useEffect, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import {
  discountFormSchema,
  type AdminDiscount,
  type DiscountFormInput,
} from '@shop/contracts/admin-discounts';
import type { Category } from '@shop/contracts/catalogue';
import { errorMessage } from '../../../lib/api-client';
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
import { useAdminForm } from '../form-kit/use-admin-form';
import { discountsApi } from './discounts-api';

const smallButton =
  'whitespace-nowrap rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-50';

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

/** Products chosen by name: search the catalogue, add, remove. */
function ProductPicker({
  chosen,
  onChange,
  disabled,
}: {
  chosen: string[];
  onChange: (ids: string[]) => void;
  disabled: boolean;
}) {
  const { authed } = useAuth();
  const [names, setNames] = useState<Record<string, string>>({});
  const [q, setQ] = useState('');
  const [found, setFound] = useState<{ _id: string; name: string }[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const missing = chosen.filter((id) => !(id in names));
    if (missing.length === 0) return;
    let live = true;
    void Promise.all(
      missing.map((id) =>
        authed((api) => api.getProduct(id))
          .then((product) => [id, product.name] as const)
          .catch(() => [id, 'A product no longer in the catalogue'] as const),
      ),
    ).then((pairs) => live && setNames((known) => ({ ...known, ...Object.fromEntries(pairs) })));
    return () => {
      live = false;
    };
  }, [chosen, names, authed]);

  async function search() {
    if (q.trim().length < 3) {
      setProblem('Type at least 3 letters of the product name');
      return;
    }
    setProblem(null);
    try {
      const list = await authed((api) => api.searchProducts(q.trim(), { limit: 8 }));
      setFound(list.products.map((product) => ({ _id: product._id, name: product.name })));
      setNames((known) => ({
        ...known,
        ...Object.fromEntries(list.products.map((product) => [product._id, product.name])),
      }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {chosen.length > 0 ? (
        <ul aria-label="Chosen products" className="flex flex-wrap gap-2">
          {chosen.map((id) => (
            <li
              key={id}
              className="flex items-center gap-2 rounded-full border border-line bg-blush/60 py-1 pl-3 pr-1 text-sm"
            >
              {names[id] ?? 'Loading…'}
              <button
                type="button"
                className={smallButton}
                disabled={disabled}
                aria-label={`Remove ${names[id] ?? 'this product'}`}
                onClick={() => onChange(chosen.filter((other) => other !== id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <label htmlFor="discount-product-q" className="sr-only">
          Find a product
        </label>
        <input
          id="discount-product-q"
          type="search"
          value={q}
          disabled={disabled}
          placeholder="Find a product by name"
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void search();
            }
          }}
          className="block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm"
        />
        <button
          type="button"
          className={smallButton}
          disabled={disabled}
          onClick={() => void search()}
        >
          Find
        </button>
      </div>
      {problem ? <p className="text-sm text-brand-800">{problem}</p> : null}
      {found ? (
        found.length === 0 ? (
          <p className="text-sm text-muted">No product matches.</p>
        ) : (
          <ul aria-label="Products found" className="flex flex-col gap-1">
            {found.map((product) => (
              <li key={product._id} className="flex items-center justify-between gap-2 text-sm">
                <span>{product.name}</span>
                <button
                  type="button"
                  className={smallButton}
                  disabled={disabled || chosen.includes(product._id)}
                  aria-label={`Add ${product.name}`}
                  onClick={() => onChange([...chosen, product._id])}
                >
                  {chosen.includes(product._id) ? 'Added' : 'Add'}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/** Ticks categories in and out of the code's list. */
function CategoryChoices({ categories }: { categories: Category[] }) {
  const { field } = useController<DiscountFormInput, 'eligibleCategoryIds'>({
    name: 'eligibleCategoryIds',
  });
  const chosen = field.value ?? [];
  return (
    <div className="mt-1 grid gap-2 text-sm sm:grid-cols-3">
      {categories.map((category) => (
        <label key={category._id} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={chosen.includes(category._id)}
            onChange={(event) =>
              field.onChange(
                event.target.checked
                  ? [...chosen, category._id]
                  : chosen.filter((id) => id !== category._id),
              )
            }
            className="h-4 w-4 accent-brand-600"
          />
          {category.name}
        </label>
      ))}
    </div>
  );
}

/** The product picker on the code's list of products. */
function ProductChoices({ disabled }: { disabled: boolean }) {
  const { field } = useController<DiscountFormInput, 'eligibleProductIds'>({
    name: 'eligibleProductIds',
  });
  return <ProductPicker chosen={field.value ?? []} onChange={field.onChange} disabled={disabled} />;
}

interface DiscountFormProps {
  discount?: AdminDiscount;
  /** Staff read the code; only owners change it. */
  readOnly: boolean;
  onSaved: (discount: AdminDiscount, message: string) => void;
}

/**
 * A coupon or voucher with every rule the discount engine applies, checked by the route's own
 * schema (and the domain's rules in it) before it is sent; the server's refusals are shown as
 * worded.
 */
export function DiscountForm({ discount, readOnly, onSaved }: DiscountFormProps) {
  const { authed } = useAuth();
  const form = useAdminForm(discountFormSchema, defaultsOf(discount), {
    prepare: withoutHiddenMaximum,
    invalidMessage: 'Please correct the fields marked below.',
  });
  const [categories, setCategories] = useState<Category[] | null>(null);

  useEffect(() => {
    let live = true;
    authed((api) => api.listCategories())
      .then((list) => live && setCategories(list))
      .catch(() => live && setCategories([]));
    return () => {
      live = false;
    };
  }, [authed]);

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
            {categories === null ? (
              <p className="text-sm text-muted">Loading categories…</p>
            ) : (
              <CategoryChoices categories={categories} />
            )}
            <FieldMessage name="eligibleCategoryIds" />
          </fieldset>
          <div>
            <p className="text-sm font-medium">Products</p>
            <ProductChoices disabled={readOnly || busy} />
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
