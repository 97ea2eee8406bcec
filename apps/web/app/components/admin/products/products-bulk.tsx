import { useWatch } from 'react-hook-form';
import {
  productBulkInput,
  type ProductBulkInput,
  type ProductFormOptions,
} from '@shop/contracts/products-admin';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { Field, FieldMessage, Form, Select, SubmitButton } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import { listPrimary } from '../list-page/list-page';
import { productsApi } from './products-api';

/** Every field any action reads; the schema keeps those of the chosen action. */
const blank = {
  action: 'activate',
  ids: [],
  categoryId: '',
  subcategoryId: null,
  tag: '',
} as unknown as ProductBulkInput;

/** The ticked products' one action: activate, deactivate, move, add or remove a tag. */
export function BulkActions({
  ids,
  options,
  onDone,
}: {
  ids: string[];
  options: ProductFormOptions | undefined;
  onDone: (message: string, ok: boolean) => void;
}) {
  const { authed } = useAuth();
  // The route's own schema, over the ticked products.
  const form = useAdminForm(productBulkInput, blank, {
    invalidMessage: null,
    prepare: (values) => ({ ...values, ids }),
  });
  const { control, setValue } = form;
  const action = useWatch({ control, name: 'action' });
  const category = useWatch({ control, name: 'categoryId' as 'action' }) as string | undefined;
  const subcategories = options?.categories.find((entry) => entry._id === category)?.subcategories;

  async function apply(input: ProductBulkInput) {
    try {
      const { updated } = await authed((api) => productsApi(api).bulk(input));
      onDone(
        `${updated} of ${ids.length} ${ids.length === 1 ? 'product' : 'products'} changed.`,
        true,
      );
    } catch (error) {
      onDone(errorMessage(error), false);
    }
  }

  return (
    <Form
      form={form}
      announceProblems
      onSubmit={apply}
      aria-labelledby="bulk-title"
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-white p-4 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <h2 id="bulk-title" className="font-medium sm:w-full">
        {ids.length} {ids.length === 1 ? 'product' : 'products'} ticked
      </h2>
      <Select name="action" id="bulk-action" label="Action">
        <option value="activate">Activate</option>
        <option value="deactivate">Deactivate</option>
        <option value="move">Move to a category</option>
        <option value="add-tag">Add a tag</option>
        <option value="remove-tag">Remove a tag</option>
      </Select>
      {action === 'move' ? (
        <>
          <Select
            name="categoryId"
            id="bulk-category"
            label="Category"
            onChange={() => setValue('subcategoryId' as 'action', null as never)}
          >
            <option value="">Choose…</option>
            {options?.categories.map((entry) => (
              <option key={entry._id} value={entry._id}>
                {entry.name}
              </option>
            ))}
          </Select>
          <Select name="subcategoryId" id="bulk-subcategory" label="Subcategory" emptyIsNull>
            <option value="">None</option>
            {subcategories?.map((entry) => (
              <option key={entry._id} value={entry._id}>
                {entry.name}
              </option>
            ))}
          </Select>
        </>
      ) : null}
      {action === 'add-tag' || action === 'remove-tag' ? (
        <Field name="tag" id="bulk-tag" label="Tag" />
      ) : null}
      <SubmitButton busy={form.busy} busyText="Applying…" className={listPrimary}>
        Apply to ticked
      </SubmitButton>
      <FieldMessage name="ids" />
    </Form>
  );
}
