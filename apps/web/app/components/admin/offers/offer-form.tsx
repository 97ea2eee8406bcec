import { useWatch } from 'react-hook-form';
import { offerFormSchema, type AdminOffer, type OfferFormInput } from '@shop/contracts/offers';
import type { Category, Subcategory } from '@shop/contracts/catalogue';
import { offerKinds } from '@shop/domain/offers';
import { ChoicesFieldset, ProductChoices } from '../form-kit/choices';
import { DateField, Field, FieldMessage, Money, NumberField, WordsField } from '../form-kit/fields';
import { Radios } from '../form-kit/radios';
import { FormSection, RecordForm } from '../form-kit/record-form';
import { useAdminForm } from '../form-kit/use-admin-form';
import { offersApi } from './offers-api';
import { OFFER_KIND_WORDS } from './offer-words';

/** The form's values as the contract reads them; a new offer starts as 'any N for a price'. */
function defaultsOf(offer: AdminOffer | undefined): OfferFormInput {
  if (!offer) {
    return {
      name: '',
      label: '',
      slug: '',
      kind: 'bundle_price',
      units: undefined as unknown as number,
      bundlePrice: null,
      freeUnits: null,
      percent: null,
      categoryIds: [],
      subcategoryIds: [],
      tags: [],
      productIds: [],
      excludedProductIds: [],
      startsAt: null,
      endsAt: null,
      priority: 0,
      maxGroupsPerOrder: null,
      stacking: 'none',
      stackableCodes: [],
    };
  }
  return {
    name: offer.name,
    label: offer.label,
    slug: offer.slug,
    kind: offer.kind,
    units: offer.units,
    bundlePrice: offer.bundlePrice,
    freeUnits: offer.freeUnits,
    percent: offer.percent,
    categoryIds: offer.categoryIds,
    subcategoryIds: offer.subcategoryIds,
    tags: offer.tags,
    productIds: offer.productIds,
    excludedProductIds: offer.excludedProductIds,
    startsAt: offer.startsAt,
    endsAt: offer.endsAt,
    priority: offer.priority,
    maxGroupsPerOrder: offer.maxGroupsPerOrder,
    stacking: offer.stacking,
    stackableCodes: offer.stackableCodes,
  };
}

/**
 * Only the chosen kind's figure is sent: whatever was typed for another kind (a bundle price
 * before switching to buy-get) is dropped, and listed codes only when codes are listed.
 */
const withoutHiddenFields = (values: OfferFormInput): OfferFormInput => ({
  ...values,
  bundlePrice: values.kind === 'bundle_price' ? values.bundlePrice : null,
  freeUnits: values.kind === 'buy_get' ? values.freeUnits : null,
  percent: values.kind === 'nth_percent' ? values.percent : null,
  stackableCodes: values.stacking === 'listed' ? values.stackableCodes : [],
});

interface OfferFormProps {
  offer?: AdminOffer;
  categories: Category[];
  subcategories: Subcategory[];
  /** Staff read the offer; only owners change it. */
  readOnly: boolean;
  onSaved: (offer: AdminOffer, message: string) => void;
}

/**
 * An automatic offer with its kind's figures, what it applies to, when, and whether codes stack
 * on it; checked by the route's own schema before it is sent, the server's refusals shown as
 * worded.
 */
export function OfferForm({ offer, categories, subcategories, readOnly, onSaved }: OfferFormProps) {
  const form = useAdminForm(offerFormSchema, defaultsOf(offer), {
    prepare: withoutHiddenFields,
    invalidMessage: 'Please correct the fields marked below.',
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const stacking = useWatch({ control: form.control, name: 'stacking' });
  const busy = form.busy;

  return (
    <RecordForm
      form={form}
      label={offer ? 'Edit the offer' : 'New offer'}
      readOnly={readOnly}
      save={(api, values) =>
        offer ? offersApi(api).update(offer._id, values) : offersApi(api).create(values)
      }
      onSaved={onSaved}
      submitText={offer ? 'Save changes' : 'Create offer'}
    >
      <FormSection title="The offer">
        <Field name="name" id="offer-name" label="Name" hint="For the back office." />
        <Field
          name="label"
          id="offer-label"
          label="Badge"
          hint="On cards, the product page and in the cart: '3 for ₹999'."
        />
        <Field
          name="slug"
          id="offer-slug"
          label="Page address"
          hint="The offer's page is /offers/ followed by this: lower-case letters, digits, hyphens."
          autoComplete="off"
          inputClassName="font-mono"
        />
      </FormSection>

      <FormSection title="What it gives">
        <Radios
          name="kind"
          legend="Kind"
          legendClassName="text-sm font-medium"
          className="flex flex-wrap gap-x-4 gap-y-2 text-sm sm:col-span-2"
          options={offerKinds.map((value) => ({ value, label: OFFER_KIND_WORDS[value] }))}
        />
        <NumberField
          name="units"
          id="offer-units"
          label={kind === 'buy_get' ? 'Pieces bought (N)' : 'Pieces in a group (N)'}
          hint={
            kind === 'nth_percent'
              ? 'The cheapest piece of each group of N gets the percentage off.'
              : kind === 'buy_get'
                ? 'Pieces the shopper pays for in each group.'
                : 'Any N eligible pieces together cost the group price.'
          }
        />
        {kind === 'bundle_price' ? (
          <Money name="bundlePrice" id="offer-bundle-price" label="Group price (₹)" blank={null} />
        ) : null}
        {kind === 'buy_get' ? (
          <NumberField
            name="freeUnits"
            id="offer-free-units"
            label="Pieces free (M)"
            hint="The cheapest M of each group are free."
            blank={null}
          />
        ) : null}
        {kind === 'nth_percent' ? (
          <NumberField
            name="percent"
            id="offer-percent"
            label="Percent off (%)"
            hint="Off the cheapest piece of each group."
            blank={null}
          />
        ) : null}
      </FormSection>

      <FormSection
        title="Which products"
        intro="A product counts when it is in a chosen category or subcategory, has a chosen tag, or is chosen itself; excluded products never count."
      >
        <ChoicesFieldset
          name="categoryIds"
          legend="Categories"
          choices={categories.map((category) => ({ id: category._id, name: category.name }))}
        />
        <ChoicesFieldset
          name="subcategoryIds"
          legend="Subcategories"
          choices={subcategories.map((subcategory) => ({
            id: subcategory._id,
            name: `${subcategory.category.name} › ${subcategory.name}`,
          }))}
        />
        <WordsField
          name="tags"
          id="offer-tags"
          label="Tags (optional)"
          hint="Apart by commas: cotton, lace."
        />
        <div>
          <p className="text-sm font-medium">Chosen products</p>
          <ProductChoices
            name="productIds"
            label="Find a product to include"
            chosenLabel="Included products"
            foundLabel="Products found to include"
            disabled={readOnly || busy}
          />
          <FieldMessage name="productIds" />
        </div>
        <div>
          <p className="text-sm font-medium">Excluded products</p>
          <ProductChoices
            name="excludedProductIds"
            label="Find a product to exclude"
            chosenLabel="Excluded products"
            foundLabel="Products found to exclude"
            disabled={readOnly || busy}
          />
          <FieldMessage name="excludedProductIds" />
        </div>
      </FormSection>

      <FormSection title="When, and with what">
        <DateField name="startsAt" id="offer-starts" label="Starts (India time, optional)" />
        <DateField name="endsAt" id="offer-ends" label="Ends (India time, optional)" />
        <NumberField
          name="priority"
          id="offer-priority"
          label="Priority"
          hint="Where two offers could take the same piece, the higher number is tried first."
          blank={0}
        />
        <NumberField
          name="maxGroupsPerOrder"
          id="offer-max-groups"
          label="Groups per order (optional)"
          hint="Empty for no limit."
          blank={null}
        />
        <Radios
          name="stacking"
          legend="Codes on top of this offer"
          legendClassName="text-sm font-medium w-full"
          className="flex flex-wrap gap-x-4 gap-y-2 text-sm sm:col-span-2"
          options={[
            { value: 'none', label: 'No code' },
            { value: 'any', label: 'Any code' },
            { value: 'listed', label: 'Only the codes listed' },
          ]}
        />
        {stacking === 'listed' ? (
          <div className="sm:col-span-2">
            <WordsField
              name="stackableCodes"
              id="offer-codes"
              label="Codes that may stack"
              hint="Apart by commas: NEW10, FESTIVE20. A code applies to what the offer leaves."
              inputClassName="font-mono uppercase"
            />
          </div>
        ) : null}
      </FormSection>
    </RecordForm>
  );
}
