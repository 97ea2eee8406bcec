import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Controller,
  get,
  useFieldArray,
  useFormState,
  useWatch,
  type Control,
} from 'react-hook-form';
import {
  productInput,
  productInputOf,
  type AdminProduct,
  type ProductFormOptions,
  type ProductInput,
  type ProductValues,
} from '@shop/contracts/products-admin';
import { slugify } from '@shop/domain/catalogue';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import {
  Checkbox,
  Field,
  FieldMessage,
  Form,
  FormError,
  inputClasses,
  Money,
  NumberField,
  Select,
  SubmitButton,
  TextArea,
} from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { ColorPhotosField } from './color-photos-field';
import { productsApi } from './products-api';

const label = 'block text-sm font-medium';
const card = 'flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6';
const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const small =
  'rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-40';

type ProductControl = Control<ProductInput, unknown, ProductValues>;

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

function Specifications({ control }: { control: ProductControl }) {
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
            <Field
              name={`specifications.${index}.label`}
              id={`spec-${index}-label`}
              label={`Specification ${index + 1}`}
            />
            <Field
              name={`specifications.${index}.description`}
              id={`spec-${index}-description`}
              label="Details"
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
}: {
  colorIndex: number;
  colorName: string;
  control: ProductControl;
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
            <Field
              className="flex-1"
              name={`colors.${colorIndex}.sizeStock.${index}.size`}
              id={`color-${colorIndex}-size-${index}`}
              label="Size"
            />
            <NumberField
              className="w-24"
              name={`colors.${colorIndex}.sizeStock.${index}.stock`}
              id={`color-${colorIndex}-stock-${index}`}
              label="Stock"
            />
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
      <FieldMessage
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

function Colors({ control }: { control: ProductControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'colors', keyName: 'key' });
  const colors = useWatch({ control, name: 'colors' });
  const { errors } = useFormState({ control, name: 'colors' });
  return (
    <section aria-labelledby="colors-title" className={card}>
      <h2 id="colors-title" className="font-medium">
        Colours, photos and sizes
      </h2>
      <FieldMessage name="colors" id="colors-error" />
      {fields.map((entry, index) => {
        const colorName = colors?.[index]?.colorName ?? '';
        return (
          <article
            key={entry.key}
            aria-label={`Colour ${index + 1}${colorName ? `: ${colorName}` : ''}`}
            className="flex flex-col gap-4 rounded-xl border border-line p-3 sm:p-4"
          >
            <div className="grid gap-3 sm:grid-cols-[2fr_1fr_auto]">
              <Field
                name={`colors.${index}.colorName`}
                id={`color-${index}-name`}
                label={`Colour ${index + 1} name`}
              />
              <div className="flex items-end gap-2">
                <span
                  aria-hidden="true"
                  className="mb-1 h-8 w-8 shrink-0 rounded-full border border-line"
                  style={{ background: colors?.[index]?.colorHex ?? '#000000' }}
                />
                <Field
                  className="flex-1"
                  name={`colors.${index}.colorHex`}
                  id={`color-${index}-hex`}
                  label="Colour (#RRGGBB)"
                />
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
            <Sizes colorIndex={index} colorName={colorName} control={control} />
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

/** Tags as one line of text, comma separated; the first tag's message shown below. */
function TagsField({ control }: { control: ProductControl }) {
  const { errors } = useFormState({ control, name: 'tags' });
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
            className={`${inputClasses} ${messages.length > 0 ? 'border-brand-700' : 'border-line'}`}
            defaultValue={(tags.value ?? []).join(', ')}
            aria-describedby={
              messages.length > 0 ? 'product-tags-hint product-tags-error' : 'product-tags-hint'
            }
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
            <p id="product-tags-error" className="mt-1 text-sm text-brand-800">
              {messages[0]}
            </p>
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
  const form = useAdminForm(productInput, product ? productInputOf(product) : emptyProduct());
  const { control, reset, setValue, setStatus } = form;
  const categoryId = useWatch({ control, name: 'categoryId' });
  const name = useWatch({ control, name: 'name' });
  const subcategories =
    options.categories.find((category) => category._id === categoryId)?.subcategories ?? [];

  async function submit(values: ProductValues) {
    const answer = await authed((api) =>
      saved ? productsApi(api).save(saved._id, values) : productsApi(api).create(values),
    );
    if (!saved) {
      await navigate(`/admin/products/${answer._id}`, { state: { created: true } });
      return;
    }
    setSaved(answer);
    reset(productInputOf(answer));
    return 'Saved. The shop shows the change now.';
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
    <Form
      form={form}
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-label={saved ? `Edit ${saved.name}` : 'New product'}
    >
      <section aria-labelledby="basics-title" className={card}>
        <h2 id="basics-title" className="font-medium">
          What shoppers read
        </h2>
        <Field name="name" id="product-name" label="Name" />
        <Field
          name="slug"
          id="product-slug"
          label="Web address"
          placeholder={slugify(name ?? '')}
          hint="Left empty, it is made from the name."
        />
        <Field name="subheading" id="product-subheading" label="Subheading" />
        <TextArea name="description" id="product-description" label="Description" />
        <Field name="brand" id="product-brand" label="Brand" />
        <TagsField control={control} />
      </section>

      <section aria-labelledby="place-title" className={card}>
        <h2 id="place-title" className="font-medium">
          Where it is and what it costs
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            name="categoryId"
            id="product-category"
            label="Category"
            onChange={() => setValue('subcategoryId', null)}
          >
            <option value="">Choose…</option>
            {options.categories.map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
                {category.isActive ? '' : ' (inactive)'}
              </option>
            ))}
          </Select>
          <Select name="subcategoryId" id="product-subcategory" label="Subcategory" emptyIsNull>
            <option value="">None</option>
            {subcategories.map((subcategory) => (
              <option key={subcategory._id} value={subcategory._id}>
                {subcategory.name}
              </option>
            ))}
          </Select>
          <Money name="price" id="product-price" label="Price with GST (₹)" />
          <Money
            name="originalPrice"
            id="product-mrp"
            label="MRP (₹)"
            blank={null}
            hint="Empty when the product sells at its MRP."
          />
          <Select name="sizeChartId" id="product-size-chart" label="Size chart" emptyIsNull>
            <option value="">None</option>
            {options.sizeCharts.map((chart) => (
              <option key={chart._id} value={chart._id}>
                {chart.name}
              </option>
            ))}
          </Select>
          <Checkbox
            name="isActive"
            id="product-active"
            className="self-end pb-2"
            label={<span className="font-medium">Active: shown and sold in the shop</span>}
          />
        </div>
      </section>

      <Specifications control={control} />
      <Colors control={control} />

      <section aria-labelledby="declarations-title" className={card}>
        <h2 id="declarations-title" className="font-medium">
          Package declarations
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="countryOfOrigin" id="product-country" label="Country of origin" />
          <Field
            name="hsnCode"
            id="product-hsn"
            label="HSN code"
            inputMode="numeric"
            hint="4, 6 or 8 digits, as on the GST invoice."
          />
          <Field
            name="genericName"
            id="product-generic-name"
            label="Generic name"
            hint="The goods' common name, e.g. Brassiere. Empty: the subcategory's name."
          />
          <Field
            name="netQuantity"
            id="product-net-quantity"
            label="Net quantity"
            hint="As the package says it: 1 N, Pack of 3, 150 ml."
          />
        </div>
        <TextArea
          name="manufacturer"
          id="product-manufacturer"
          label="Manufacturer or importer (name and address)"
        />
      </section>

      <div className="sticky bottom-0 flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-white p-4">
        <SubmitButton busy={form.busy} busyText="Saving…">
          {saved ? 'Save product' : 'Create product'}
        </SubmitButton>
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
        <FormError
          status={form.status}
          className={`text-sm ${form.status?.ok ? 'text-ink' : 'text-brand-800'}`}
        />
      </div>
    </Form>
  );
}

/** The product screen's data: the form's choices and the product (none for a new one). */
interface ProductScreen {
  options: ProductFormOptions;
  product: AdminProduct | null;
}

/** /admin/products/new and /admin/products/{id}: loaded before the screen shows. */
export const loadProductScreen = async (
  api: ApiClient,
  params: Record<string, string | undefined>,
): Promise<ProductScreen> => {
  const id = params.productId && params.productId !== 'new' ? params.productId : null;
  const [options, product] = await Promise.all([
    productsApi(api).options(),
    id ? productsApi(api).get(id) : Promise.resolve(null),
  ]);
  return { options, product };
};

export const productScreenLoader = screenLoader(loadProductScreen);

/** /admin/products/new and /admin/products/{id}: the whole product page in one form. */
export function ProductEditPage({ productId }: { productId: string | null }) {
  const { load, reload } = useScreenData<ProductScreen>();
  const product = load.state === 'ready' ? load.data.product : null;
  return (
    <section className="flex flex-col gap-5">
      <p>
        <Link to="/admin/products" className="text-sm font-medium text-brand-700 hover:underline">
          ← All products
        </Link>
      </p>
      <h1 className="font-serif text-3xl">
        {productId === null ? 'New product' : (product?.name ?? 'Product')}
      </h1>
      {load.state === 'failed' ? (
        <div role="alert" className="rounded-2xl border border-line bg-white p-6 text-center">
          <p>{load.message}</p>
          <button type="button" className={`${button} mt-3`} onClick={reload}>
            Try Again
          </button>
        </div>
      ) : load.state === 'ready' ? (
        <ProductForm product={load.data.product} options={load.data.options} />
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
