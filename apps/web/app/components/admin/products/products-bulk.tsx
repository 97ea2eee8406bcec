import { useState, type FormEvent } from 'react';
import type { ProductBulkInput, ProductFormOptions } from '@shop/contracts/products-admin';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { filterField, filterLabel, listPrimary } from '../list-page/list-page';
import { productsApi } from './products-api';

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
  const [action, setAction] = useState('activate');
  const [category, setCategory] = useState('');
  const [subcategory, setSubcategory] = useState('');
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState(false);
  const subcategories = options?.categories.find((entry) => entry._id === category)?.subcategories;

  async function apply(event: FormEvent) {
    event.preventDefault();
    const input: ProductBulkInput =
      action === 'move'
        ? { action: 'move', ids, categoryId: category, subcategoryId: subcategory || null }
        : action === 'add-tag' || action === 'remove-tag'
          ? { action, ids, tag }
          : { action: action === 'deactivate' ? 'deactivate' : 'activate', ids };
    setBusy(true);
    try {
      const { updated } = await authed((api) => productsApi(api).bulk(input));
      onDone(
        `${updated} of ${ids.length} ${ids.length === 1 ? 'product' : 'products'} changed.`,
        true,
      );
    } catch (error) {
      onDone(errorMessage(error), false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={apply}
      aria-labelledby="bulk-title"
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-white p-4 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <h2 id="bulk-title" className="font-medium sm:w-full">
        {ids.length} {ids.length === 1 ? 'product' : 'products'} ticked
      </h2>
      <div>
        <label htmlFor="bulk-action" className={filterLabel}>
          Action
        </label>
        <select
          id="bulk-action"
          value={action}
          onChange={(event) => setAction(event.target.value)}
          className={filterField}
        >
          <option value="activate">Activate</option>
          <option value="deactivate">Deactivate</option>
          <option value="move">Move to a category</option>
          <option value="add-tag">Add a tag</option>
          <option value="remove-tag">Remove a tag</option>
        </select>
      </div>
      {action === 'move' ? (
        <>
          <div>
            <label htmlFor="bulk-category" className={filterLabel}>
              Category
            </label>
            <select
              id="bulk-category"
              required
              value={category}
              onChange={(event) => {
                setCategory(event.target.value);
                setSubcategory('');
              }}
              className={filterField}
            >
              <option value="">Choose…</option>
              {options?.categories.map((entry) => (
                <option key={entry._id} value={entry._id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="bulk-subcategory" className={filterLabel}>
              Subcategory
            </label>
            <select
              id="bulk-subcategory"
              value={subcategory}
              onChange={(event) => setSubcategory(event.target.value)}
              className={filterField}
            >
              <option value="">None</option>
              {subcategories?.map((entry) => (
                <option key={entry._id} value={entry._id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
        </>
      ) : null}
      {action === 'add-tag' || action === 'remove-tag' ? (
        <div>
          <label htmlFor="bulk-tag" className={filterLabel}>
            Tag
          </label>
          <input
            id="bulk-tag"
            required
            value={tag}
            onChange={(event) => setTag(event.target.value)}
            className={filterField}
          />
        </div>
      ) : null}
      <button type="submit" className={listPrimary} disabled={busy}>
        {busy ? 'Applying…' : 'Apply to ticked'}
      </button>
    </form>
  );
}
