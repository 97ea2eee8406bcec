import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  discountFormSchema,
  type AdminDiscount,
  type DiscountForm as DiscountFormValues,
} from '@shop/contracts/admin-discounts';
import type { Category } from '@shop/contracts/catalogue';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { discountsApi } from './discounts-api';
import { fromIndiaInput, toIndiaInput } from './india-time';

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const smallButton =
  'whitespace-nowrap rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-50';

/** The form as typed: every input's text, read through the route's own schema on submit. */
interface Draft {
  code: string;
  type: 'coupon' | 'voucher';
  description: string;
  kind: 'percent' | 'flat';
  value: string;
  minOrder: string;
  maxDiscount: string;
  startsAt: string;
  expiresAt: string;
  usageLimit: string;
  perUserLimit: string;
  firstOrderOnly: boolean;
  eligibleCategoryIds: string[];
  eligibleProductIds: string[];
}

const text = (value: number | null) => (value === null ? '' : String(value));

function draftOf(discount: AdminDiscount | undefined): Draft {
  if (!discount) {
    return {
      code: '',
      type: 'coupon',
      description: '',
      kind: 'percent',
      value: '',
      minOrder: '',
      maxDiscount: '',
      startsAt: '',
      expiresAt: '',
      usageLimit: '',
      perUserLimit: '',
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
    value: String(discount.value),
    minOrder: discount.minOrder === 0 ? '' : String(discount.minOrder),
    maxDiscount: text(discount.maxDiscount),
    startsAt: toIndiaInput(discount.startsAt),
    expiresAt: toIndiaInput(discount.expiresAt),
    usageLimit: text(discount.usageLimit),
    perUserLimit: text(discount.perUserLimit),
    firstOrderOnly: discount.firstOrderOnly,
    eligibleCategoryIds: discount.eligibleCategoryIds,
    eligibleProductIds: discount.eligibleProductIds,
  };
}

/** Blank optional numbers are "none"; anything else goes to the schema as typed. */
const numberOr = <T,>(value: string, blank: T) => (value.trim() === '' ? blank : Number(value));

function rawOf(draft: Draft) {
  return {
    code: draft.code,
    type: draft.type,
    description: draft.description,
    kind: draft.kind,
    value: numberOr(draft.value, undefined),
    minOrder: numberOr(draft.minOrder, 0),
    maxDiscount: draft.kind === 'percent' ? numberOr(draft.maxDiscount, null) : null,
    startsAt: fromIndiaInput(draft.startsAt),
    expiresAt: fromIndiaInput(draft.expiresAt),
    usageLimit: numberOr(draft.usageLimit, null),
    perUserLimit: numberOr(draft.perUserLimit, null),
    firstOrderOnly: draft.firstOrderOnly,
    eligibleCategoryIds: draft.eligibleCategoryIds,
    eligibleProductIds: draft.eligibleProductIds,
  };
}

type Problems = Partial<Record<keyof Draft, string>>;

function Field({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  problem: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
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

/** Ties an input to its hint and problem for screen readers. */
const described = (id: string, problem: string | undefined, hint = false) => ({
  id,
  'aria-invalid': problem ? true : undefined,
  'aria-describedby':
    [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') ||
    undefined,
});

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
  const [draft, setDraft] = useState<Draft>(() => draftOf(discount));
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = discountFormSchema.safeParse(rawOf(draft));
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'code') as keyof Draft;
        found[key] ??= issue.message;
      }
      setProblems(found);
      setFailure('Please correct the fields marked below.');
      return;
    }
    const form: DiscountFormValues = parsed.data;
    setProblems({});
    setFailure(null);
    setBusy(true);
    try {
      const answer = await authed((api) =>
        discount ? discountsApi(api).update(discount._id, form) : discountsApi(api).create(form),
      );
      onSaved(answer.data, answer.message);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const percent = draft.kind === 'percent';

  return (
    <form onSubmit={submit} noValidate aria-label={discount ? 'Edit the code' : 'New code'}>
      <fieldset disabled={readOnly || busy} className="flex flex-col gap-5">
        {failure ? (
          <p
            role="alert"
            className="rounded-2xl border border-brand-300 bg-white p-3 text-sm text-brand-800"
          >
            {failure}
          </p>
        ) : null}
        <section className="grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2">
          <h2 className="font-medium sm:col-span-2">The code</h2>
          <Field
            id="discount-code"
            label="Code"
            hint="Shoppers type it in any case."
            problem={problems.code}
          >
            <input
              {...described('discount-code', problems.code, true)}
              value={draft.code}
              onChange={(event) => set('code', event.target.value)}
              autoComplete="off"
              className={`${field} font-mono uppercase`}
            />
          </Field>
          <Field
            id="discount-type"
            label="Type"
            hint="A cart holds one coupon and one voucher."
            problem={problems.type}
          >
            <select
              {...described('discount-type', problems.type, true)}
              value={draft.type}
              onChange={(event) => set('type', event.target.value as Draft['type'])}
              className={field}
            >
              <option value="coupon">Coupon</option>
              <option value="voucher">Voucher</option>
            </select>
          </Field>
          <div className="sm:col-span-2">
            <Field
              id="discount-description"
              label="Description (optional)"
              problem={problems.description}
            >
              <input
                {...described('discount-description', problems.description)}
                value={draft.description}
                onChange={(event) => set('description', event.target.value)}
                className={field}
              />
            </Field>
          </div>
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
                    name="kind"
                    value={kind}
                    checked={draft.kind === kind}
                    onChange={() => set('kind', kind)}
                    className="accent-brand-600"
                  />
                  {words}
                </label>
              ))}
            </div>
          </fieldset>
          <Field
            id="discount-value"
            label={percent ? 'Percent off' : 'Amount off (₹)'}
            hint={percent ? 'A whole number from 1 to 90.' : undefined}
            problem={problems.value}
          >
            <input
              {...described('discount-value', problems.value, percent)}
              inputMode="decimal"
              value={draft.value}
              onChange={(event) => set('value', event.target.value)}
              className={field}
            />
          </Field>
          {percent ? (
            <Field
              id="discount-max"
              label="Maximum discount (₹, optional)"
              problem={problems.maxDiscount}
            >
              <input
                {...described('discount-max', problems.maxDiscount)}
                inputMode="decimal"
                value={draft.maxDiscount}
                onChange={(event) => set('maxDiscount', event.target.value)}
                className={field}
              />
            </Field>
          ) : null}
          <Field
            id="discount-min"
            label="Minimum order (₹)"
            hint={percent ? 'Empty for any order.' : 'Must be above the amount off.'}
            problem={problems.minOrder}
          >
            <input
              {...described('discount-min', problems.minOrder, true)}
              inputMode="decimal"
              value={draft.minOrder}
              onChange={(event) => set('minOrder', event.target.value)}
              className={field}
            />
          </Field>
        </section>

        <section className="grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2">
          <h2 className="font-medium sm:col-span-2">When and how often</h2>
          <Field
            id="discount-starts"
            label="Starts (India time, optional)"
            problem={problems.startsAt}
          >
            <input
              {...described('discount-starts', problems.startsAt)}
              type="datetime-local"
              value={draft.startsAt}
              onChange={(event) => set('startsAt', event.target.value)}
              className={field}
            />
          </Field>
          <Field
            id="discount-expires"
            label="Expires (India time, optional)"
            problem={problems.expiresAt}
          >
            <input
              {...described('discount-expires', problems.expiresAt)}
              type="datetime-local"
              value={draft.expiresAt}
              onChange={(event) => set('expiresAt', event.target.value)}
              className={field}
            />
          </Field>
          <Field
            id="discount-usage"
            label="Total uses (optional)"
            hint="Orders placed with it, by anyone."
            problem={problems.usageLimit}
          >
            <input
              {...described('discount-usage', problems.usageLimit, true)}
              inputMode="numeric"
              value={draft.usageLimit}
              onChange={(event) => set('usageLimit', event.target.value)}
              className={field}
            />
          </Field>
          <Field
            id="discount-per-user"
            label="Uses per shopper (optional)"
            problem={problems.perUserLimit}
          >
            <input
              {...described('discount-per-user', problems.perUserLimit)}
              inputMode="numeric"
              value={draft.perUserLimit}
              onChange={(event) => set('perUserLimit', event.target.value)}
              className={field}
            />
          </Field>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              checked={draft.firstOrderOnly}
              onChange={(event) => set('firstOrderOnly', event.target.checked)}
              className="h-4 w-4 accent-brand-600"
            />
            First order only (refused once the shopper has a paid order)
          </label>
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
              <div className="mt-1 grid gap-2 text-sm sm:grid-cols-3">
                {categories.map((category) => (
                  <label key={category._id} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={draft.eligibleCategoryIds.includes(category._id)}
                      onChange={(event) =>
                        set(
                          'eligibleCategoryIds',
                          event.target.checked
                            ? [...draft.eligibleCategoryIds, category._id]
                            : draft.eligibleCategoryIds.filter((id) => id !== category._id),
                        )
                      }
                      className="h-4 w-4 accent-brand-600"
                    />
                    {category.name}
                  </label>
                ))}
              </div>
            )}
            {problems.eligibleCategoryIds ? (
              <p className="mt-1 text-sm text-brand-800">{problems.eligibleCategoryIds}</p>
            ) : null}
          </fieldset>
          <div>
            <p className="text-sm font-medium">Products</p>
            <ProductPicker
              chosen={draft.eligibleProductIds}
              onChange={(ids) => set('eligibleProductIds', ids)}
              disabled={readOnly || busy}
            />
          </div>
        </section>

        {readOnly ? null : (
          <div>
            <button
              type="submit"
              className="rounded-full bg-brand-600 px-6 py-2.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {busy ? 'Saving...' : discount ? 'Save changes' : 'Create code'}
            </button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
