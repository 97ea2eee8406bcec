import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Controller,
  get,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  productInput,
  productInputOf,
  type AdminProduct,
  type ProductFormOptions,
  type ProductInput,
  type ProductValues,
} from '@shop/contracts/products-admin';
import { slugify } from '@shop/domain/catalogue';
import { ApiError, errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { useAdminLoad } from '../use-admin-load';
import { ColorPhotosField } from './color-photos-field';
import { productsApi } from './products-api';

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const label = 'block text-sm font-medium';
const card = 'flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6';
const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const small =
  'rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-40';
const primary =
  'rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50';

const emptyColor = (): ProductInput['colors'][number] => ({
  colorName: '',
  colorHex: '#000000',
  photos: [],
  sizeStock: [{ size: '', stock: 0 }],
});

const emptyProduct = (): ProductInput => ({
  name: '',
  slug: '',
  subheading: '',
  description: '',
  brand: '',
  categoryId: '',
  subcategoryId: null,
  sizeChartId: null,
  price: undefined as unknown as number,
  originalPrice: null,
  tags: [],
  specifications: [],
  colors: [emptyColor()],
  isActive: false,
  countryOfOrigin: 'India',
  hsnCode: '',
  manufacturer: '',
  genericName: '',
  netQuantity: '1 N',
});

/** A number field's text as the schema reads it: blank is absent (or null where allowed). */
const numberOrBlank = (blank: null | undefined) => (value: unknown) =>
  value === '' || value === null || value === undefined ? blank : Number(value);

/** The schema's message for a field, by its dotted path. */
function FieldError({ errors, name, id }: { errors: FieldErrors; name: string; id: string }) {
  const error = get(errors, name) as { message?: string } | undefined;
  if (!error?.message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-brand-800">
      {error.message}
    </p>
  );
}

/** Label, input and the schema's message beside it, tied together for screen readers. */
function TextField({
  name,
  id,
  text,
  register,
  errors,
  hint,
  type = 'text',
  multiline = false,
  setValueAs,
  inputMode,
  placeholder,
}: {
  name: string;
  id: string;
  text: string;
  register: UseFormRegister<ProductInput>;
  errors: FieldErrors;
  hint?: string;
  type?: string;
  multiline?: boolean;
  setValueAs?: (value: unknown) => unknown;
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string;
}) {
  const invalid = Boolean(get(errors, name));
  const describedBy = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const props = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
    className: field,
    placeholder,
    // Every field name is a path of the schema; the register type cannot follow a string here.
    ...register(name as never, setValueAs ? { setValueAs } : {}),
  };
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      {multiline ? (
        <textarea rows={4} {...props} />
      ) : (
        <input
          type={type}
          inputMode={inputMode}
          step={type === 'number' ? 'any' : undefined}
          {...props}
        />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError errors={errors} name={name} id={`${id}-error`} />
    </div>
  );
}

function Specifications({
  control,
  register,
  errors,
}: {
  control: Control<ProductInput, unknown, ProductValues>;
  register: UseFormRegister<ProductInput>;
  errors: FieldErrors;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'specifications' });
  return (
    <section aria-labelledby="specs-title" className={card}>
      <h2 id="specs-title" className="font-medium">
        Specifications
      </h2>
      <p className="text-sm text-muted">Shoppers read them in this order.</p>
      <ol className="flex flex-col gap-3">
        {fields.map((entry, index) => (
          <li
            key={entry.id}
            className="grid gap-2 rounded-xl border border-line p-3 sm:grid-cols-[1fr_2fr_auto]"
          >
            <TextField
              name={`specifications.${index}.label`}
              id={`spec-${index}-label`}
              text={`Specification ${index + 1}`}
              register={register}
              errors={errors}
            />
            <TextField
              name={`specifications.${index}.description`}
              id={`spec-${index}-description`}
              text="Details"
              register={register}
              errors={errors}
            />
            <div className="flex items-end gap-1">
              <button
                type="button"
                className={small}
                disabled={index === 0}
                aria-label={`Move specification ${index + 1} up`}
                onClick={() => move(index, index - 1)}
              >
                Up
              </button>
              <button
                type="button"
                className={small}
                disabled={index === fields.length - 1}
                aria-label={`Move specification ${index + 1} down`}
                onClick={() => move(index, index + 1)}
              >
                Down
              </button>
              <button
                type="button"
                className={small}
                aria-label={`Remove specification ${index + 1}`}
                onClick={() => remove(index)}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div>
        <button
          type="button"
          className={button}
          onClick={() => append({ label: '', description: '' })}
        >
          Add a specification
        </button>
      </div>
    </section>
  );
}

function Sizes({
  colorIndex,
  colorName,
  control,
  register,
  errors,
}: {
  colorIndex: number;
  colorName: string;
  control: Control<ProductInput, unknown, ProductValues>;
  register: UseFormRegister<ProductInput>;
  errors: FieldErrors;
}) {
  const { fields, append, remove } = useFieldArray({
    control,
    name: `colors.${colorIndex}.sizeStock`,
  });
  const name = colorName.trim() || `colour ${colorIndex + 1}`;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Sizes and stock of {name}</legend>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map((entry, index) => (
          <li key={entry.id} className="flex items-start gap-2 rounded-xl border border-line p-2">
            <div className="flex-1">
              <TextField
                name={`colors.${colorIndex}.sizeStock.${index}.size`}
                id={`color-${colorIndex}-size-${index}`}
                text="Size"
                register={register}
                errors={errors}
              />
            </div>
            <div className="w-24">
              <TextField
                name={`colors.${colorIndex}.sizeStock.${index}.stock`}
                id={`color-${colorIndex}-stock-${index}`}
                text="Stock"
                type="number"
                inputMode="numeric"
                register={register}
                errors={errors}
                setValueAs={numberOrBlank(undefined)}
              />
            </div>
            <button
              type="button"
              className={`${small} mt-7`}
              aria-label={`Remove size ${index + 1} of ${name}`}
              onClick={() => remove(index)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <FieldError
        errors={errors}
        name={`colors.${colorIndex}.sizeStock`}
        id={`color-${colorIndex}-sizes-error`}
      />
      <div>
        <button type="button" className={small} onClick={() => append({ size: '', stock: 0 })}>
          Add a size
        </button>
      </div>
    </fieldset>
  );
}

function Colors({
  control,
  register,
  errors,
}: {
  control: Control<ProductInput, unknown, ProductValues>;
  register: UseFormRegister<ProductInput>;
  errors: FieldErrors;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'colors', keyName: 'key' });
  const colors = useWatch({ control, name: 'colors' });
  return (
    <section aria-labelledby="colors-title" className={card}>
      <h2 id="colors-title" className="font-medium">
        Colours, photos and sizes
      </h2>
      <FieldError errors={errors} name="colors" id="colors-error" />
      {fields.map((entry, index) => {
        const colorName = colors?.[index]?.colorName ?? '';
        return (
          <article
            key={entry.key}
            aria-label={`Colour ${index + 1}${colorName ? `: ${colorName}` : ''}`}
            className="flex flex-col gap-4 rounded-xl border border-line p-3 sm:p-4"
          >
            <div className="grid gap-3 sm:grid-cols-[2fr_1fr_auto]">
              <TextField
                name={`colors.${index}.colorName`}
                id={`color-${index}-name`}
                text={`Colour ${index + 1} name`}
                register={register}
                errors={errors}
              />
              <div className="flex items-end gap-2">
                <span
                  aria-hidden="true"
                  className="mb-1 h-8 w-8 shrink-0 rounded-full border border-line"
                  style={{ background: colors?.[index]?.colorHex ?? '#000000' }}
                />
                <div className="flex-1">
                  <TextField
                    name={`colors.${index}.colorHex`}
                    id={`color-${index}-hex`}
                    text="Colour (#RRGGBB)"
                    register={register}
                    errors={errors}
                  />
                </div>
              </div>
              <div className="flex items-end">
                <button
                  type="button"
                  className={small}
                  disabled={fields.length === 1}
                  onClick={() => remove(index)}
                >
                  Remove colour {index + 1}
                </button>
              </div>
            </div>
            <Controller
              control={control}
              name={`colors.${index}.photos`}
              render={({ field: photos, fieldState }) => (
                <ColorPhotosField
                  error={fieldState.error?.message}
                  colorName={colorName}
                  idPrefix={`color-${index}-photos`}
                  photos={photos.value ?? []}
                  onChange={photos.onChange}
                  errorOf={(photo, part) =>
                    (
                      get(errors, `colors.${index}.photos.${photo}.${part}`) as
                        { message?: string } | undefined
                    )?.message
                  }
                />
              )}
            />
            <Sizes
              colorIndex={index}
              colorName={colorName}
              control={control}
              register={register}
              errors={errors}
            />
          </article>
        );
      })}
      <div>
        <button type="button" className={button} onClick={() => append(emptyColor())}>
          Add a colour
        </button>
      </div>
    </section>
  );
}

/** Tags as one line of text, comma separated; each tag's message shown below. */
function TagsField({
  control,
  errors,
}: {
  control: Control<ProductInput, unknown, ProductValues>;
  errors: FieldErrors;
}) {
  const tagErrors = get(errors, 'tags') as
    ({ message?: string } | undefined)[] | { message?: string } | undefined;
  const messages = Array.isArray(tagErrors)
    ? tagErrors.flatMap((error) => (error?.message ? [error.message] : []))
    : tagErrors?.message
      ? [tagErrors.message]
      : [];
  return (
    <Controller
      control={control}
      name="tags"
      render={({ field: tags }) => (
        <div>
          <label htmlFor="product-tags" className={label}>
            Tags
          </label>
          <input
            id="product-tags"
            className={field}
            defaultValue={(tags.value ?? []).join(', ')}
            aria-describedby="product-tags-hint"
            aria-invalid={messages.length > 0 || undefined}
            onChange={(event) =>
              tags.onChange(
                event.target.value
                  .split(',')
                  .map((tag) => tag.trim())
                  .filter((tag) => tag !== ''),
              )
            }
            onBlur={tags.onBlur}
          />
          <p id="product-tags-hint" className="mt-1 text-xs text-muted">
            Separate tags with commas: lace, everyday, wire-free.
          </p>
          {messages.length > 0 ? (
            <p className="mt-1 text-sm text-brand-800">{messages[0]}</p>
          ) : null}
        </div>
      )}
    />
  );
}

function ProductForm({
  product,
  options,
}: {
  product: AdminProduct | null;
  options: ProductFormOptions;
}) {
  const { authed } = useAuth();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<AdminProduct | null>(product);
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProductInput, unknown, ProductValues>({
    resolver: zodResolver(productInput),
    defaultValues: product ? productInputOf(product) : emptyProduct(),
    mode: 'onBlur',
  });
  const categoryId = useWatch({ control, name: 'categoryId' });
  const name = useWatch({ control, name: 'name' });
  const subcategories =
    options.categories.find((category) => category._id === categoryId)?.subcategories ?? [];

  async function submit(values: ProductValues) {
    setStatus(null);
    try {
      const answer = await authed((api) =>
        saved ? productsApi(api).save(saved._id, values) : productsApi(api).create(values),
      );
      if (!saved) {
        await navigate(`/admin/products/${answer._id}`, { state: { created: true } });
        return;
      }
      setSaved(answer);
      reset(productInputOf(answer));
      setStatus({ ok: true, message: 'Saved. The shop shows the change now.' });
    } catch (error) {
      const message = errorMessage(error);
      if (error instanceof ApiError && error.field) {
        setError(error.field as never, { type: 'server', message }, { shouldFocus: true });
      }
      setStatus({ ok: false, message });
    }
  }

  async function remove() {
    if (!saved) return;
    const words = saved.inPastOrders
      ? 'This product is in past orders: it will be deactivated (gone from the shop, kept in those orders). Go on?'
      : 'Delete this product for good?';
    if (!window.confirm(words)) return;
    try {
      const answer = await authed((api) => productsApi(api).remove(saved._id));
      if (answer.data.outcome === 'deleted') {
        await navigate('/admin/products');
        return;
      }
      const fresh = await authed((api) => productsApi(api).get(saved._id));
      setSaved(fresh);
      reset(productInputOf(fresh));
      setStatus({ ok: true, message: answer.message });
    } catch (error) {
      setStatus({ ok: false, message: errorMessage(error) });
    }
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit, () =>
        setStatus({
          ok: false,
          message: 'Some fields need attention: see the messages below them.',
        }),
      )}
      className="flex flex-col gap-5"
      aria-label={saved ? `Edit ${saved.name}` : 'New product'}
    >
      <section aria-labelledby="basics-title" className={card}>
        <h2 id="basics-title" className="font-medium">
          What shoppers read
        </h2>
        <TextField name="name" id="product-name" text="Name" register={register} errors={errors} />
        <TextField
          name="slug"
          id="product-slug"
          text="Web address"
          register={register}
          errors={errors}
          placeholder={slugify(name ?? '')}
          hint="Left empty, it is made from the name."
        />
        <TextField
          name="subheading"
          id="product-subheading"
          text="Subheading"
          register={register}
          errors={errors}
        />
        <TextField
          name="description"
          id="product-description"
          text="Description"
          multiline
          register={register}
          errors={errors}
        />
        <TextField
          name="brand"
          id="product-brand"
          text="Brand"
          register={register}
          errors={errors}
        />
        <TagsField control={control} errors={errors} />
      </section>

      <section aria-labelledby="place-title" className={card}>
        <h2 id="place-title" className="font-medium">
          Where it is and what it costs
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="product-category" className={label}>
              Category
            </label>
            <select
              id="product-category"
              className={field}
              aria-invalid={Boolean(errors.categoryId) || undefined}
              aria-describedby={errors.categoryId ? 'product-category-error' : undefined}
              {...register('categoryId', {
                onChange: () => setValue('subcategoryId', null),
              })}
            >
              <option value="">Choose…</option>
              {options.categories.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                  {category.isActive ? '' : ' (inactive)'}
                </option>
              ))}
            </select>
            <FieldError errors={errors} name="categoryId" id="product-category-error" />
          </div>
          <div>
            <label htmlFor="product-subcategory" className={label}>
              Subcategory
            </label>
            <select
              id="product-subcategory"
              className={field}
              aria-invalid={Boolean(errors.subcategoryId) || undefined}
              aria-describedby={errors.subcategoryId ? 'product-subcategory-error' : undefined}
              {...register('subcategoryId', { setValueAs: (value) => (value ? value : null) })}
            >
              <option value="">None</option>
              {subcategories.map((subcategory) => (
                <option key={subcategory._id} value={subcategory._id}>
                  {subcategory.name}
                </option>
              ))}
            </select>
            <FieldError errors={errors} name="subcategoryId" id="product-subcategory-error" />
          </div>
          <TextField
            name="price"
            id="product-price"
            text="Price with GST (₹)"
            type="number"
            inputMode="decimal"
            register={register}
            errors={errors}
            setValueAs={numberOrBlank(undefined)}
          />
          <TextField
            name="originalPrice"
            id="product-mrp"
            text="MRP (₹)"
            type="number"
            inputMode="decimal"
            register={register}
            errors={errors}
            setValueAs={numberOrBlank(null)}
            hint="Empty when the product sells at its MRP."
          />
          <div>
            <label htmlFor="product-size-chart" className={label}>
              Size chart
            </label>
            <select
              id="product-size-chart"
              className={field}
              {...register('sizeChartId', { setValueAs: (value) => (value ? value : null) })}
            >
              <option value="">None</option>
              {options.sizeCharts.map((chart) => (
                <option key={chart._id} value={chart._id}>
                  {chart.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-2 self-end pb-2">
            <input
              id="product-active"
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              {...register('isActive')}
            />
            <label htmlFor="product-active" className="text-sm font-medium">
              Active: shown and sold in the shop
            </label>
          </div>
        </div>
      </section>

      <Specifications control={control} register={register} errors={errors} />
      <Colors control={control} register={register} errors={errors} />

      <section aria-labelledby="declarations-title" className={card}>
        <h2 id="declarations-title" className="font-medium">
          Package declarations
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="countryOfOrigin"
            id="product-country"
            text="Country of origin"
            register={register}
            errors={errors}
          />
          <TextField
            name="hsnCode"
            id="product-hsn"
            text="HSN code"
            inputMode="numeric"
            register={register}
            errors={errors}
            hint="4, 6 or 8 digits, as on the GST invoice."
          />
          <TextField
            name="genericName"
            id="product-generic-name"
            text="Generic name"
            register={register}
            errors={errors}
            hint="The goods' common name, e.g. Brassiere. Empty: the subcategory's name."
          />
          <TextField
            name="netQuantity"
            id="product-net-quantity"
            text="Net quantity"
            register={register}
            errors={errors}
            hint="As the package says it: 1 N, Pack of 3, 150 ml."
          />
        </div>
        <TextField
          name="manufacturer"
          id="product-manufacturer"
          text="Manufacturer or importer (name and address)"
          multiline
          register={register}
          errors={errors}
        />
      </section>

      <div className="sticky bottom-0 flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-white p-4">
        <button type="submit" className={primary} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : saved ? 'Save product' : 'Create product'}
        </button>
        {saved ? (
          <>
            {saved.isActive ? (
              <Link to={`/product/${saved._id}`} className={button}>
                View in the shop
              </Link>
            ) : null}
            <button type="button" className={button} onClick={remove}>
              {saved.inPastOrders ? 'Deactivate (in past orders)' : 'Delete'}
            </button>
          </>
        ) : null}
        {status ? (
          <p
            role={status.ok ? 'status' : 'alert'}
            className={`text-sm ${status.ok ? 'text-ink' : 'text-brand-800'}`}
          >
            {status.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}

const loadOptions = (api: ApiClient) => productsApi(api).options();
const loadProduct = (api: ApiClient, id: string | null) =>
  id ? productsApi(api).get(id) : Promise.resolve(null);

/** /admin/products/new and /admin/products/{id}: the whole product page in one form. */
export function ProductEditPage({ productId }: { productId: string | null }) {
  const { load: options, reload: reloadOptions } = useAdminLoad('options', null, loadOptions);
  const { load: product, reload } = useAdminLoad(productId ?? 'new', productId, loadProduct);

  const failed =
    options.state === 'failed'
      ? options.message
      : product.state === 'failed'
        ? product.message
        : null;
  return (
    <section className="flex flex-col gap-5">
      <p>
        <Link to="/admin/products" className="text-sm font-medium text-brand-700 hover:underline">
          ← All products
        </Link>
      </p>
      <h1 className="font-serif text-3xl">
        {productId === null
          ? 'New product'
          : product.state === 'ready' && product.data
            ? product.data.name
            : 'Product'}
      </h1>
      {failed ? (
        <div role="alert" className="rounded-2xl border border-line bg-white p-6 text-center">
          <p>{failed}</p>
          <button
            type="button"
            className={`${button} mt-3`}
            onClick={() => {
              reloadOptions();
              reload();
            }}
          >
            Try Again
          </button>
        </div>
      ) : options.state === 'ready' && product.state === 'ready' ? (
        <ProductForm product={product.data} options={options.data} />
      ) : (
        <p
          role="status"
          className="rounded-2xl border border-line bg-white p-6 text-center text-muted"
        >
          Loading product...
        </p>
      )}
    </section>
  );
}
