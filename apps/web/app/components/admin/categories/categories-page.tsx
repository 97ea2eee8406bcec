import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import {
  categoryCreateInput,
  categoryPatchInput,
  subcategoryCreateInput,
  subcategoryPatchInput,
  type AdminCategory,
  type AdminSubcategory,
  type CategoryCreateInput,
} from '@shop/contracts/categories-admin';
import { moveItem } from '@shop/domain/media-uploads';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { AdminTable } from '../admin-table';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { Field, Form, SubmitButton } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import { categoriesApi } from './categories-api';

const field = 'block w-full rounded-xl border border-line bg-white px-3 py-1.5 text-sm';
const smallButton =
  'whitespace-nowrap rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-50';

type Notice = { ok: boolean; text: string } | null;

/** What the rows' controls do; each answers the server's words (or its refusal) in the notice. */
interface Changes {
  busy: boolean;
  rename: (category: AdminCategory, name: string) => void;
  setHsn: (category: AdminCategory, hsnCode: string) => void;
  setActive: (category: AdminCategory, active: boolean) => void;
  move: (category: AdminCategory, by: -1 | 1) => void;
  renameSub: (sub: AdminSubcategory, name: string) => void;
  setSubActive: (sub: AdminSubcategory, active: boolean) => void;
  addSub: (category: AdminCategory, name: string) => void;
  count: number;
  indexOf: (category: AdminCategory) => number;
}

/** The screen's categories, loaded before it shows and again after each change. */
export const categoriesLoader = screenLoader((api: ApiClient) => categoriesApi(api).list());

/** A name (or code) edited in place: the button sends it, Escape puts the saved one back. */
function InlineName({
  name,
  label,
  busy,
  onSave,
  action = 'Rename',
  placeholder,
  width = 'min-w-52',
}: {
  name: string;
  label: string;
  busy: boolean;
  onSave: (name: string) => void;
  action?: string;
  placeholder?: string;
  /** The form's least width (a tailwind class): a code needs less room than a name. */
  width?: string;
}) {
  const [value, setValue] = useState(name);
  return (
    <form
      className={`flex ${width} items-center gap-1.5`}
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() !== name) onSave(value);
      }}
    >
      <label className="min-w-0 flex-1">
        <span className="sr-only">{label}</span>
        <input
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setValue(name);
          }}
          placeholder={placeholder}
          className={field}
        />
      </label>
      <button type="submit" className={smallButton} disabled={busy || value.trim() === name}>
        {action}
      </button>
    </form>
  );
}

function ActiveToggle({
  name,
  isActive,
  busy,
  onChange,
}: {
  name: string;
  isActive: boolean;
  busy: boolean;
  onChange: (active: boolean) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className={isActive ? 'font-medium text-emerald-800' : 'text-muted'}>
        {isActive ? 'Active' : 'Inactive'}
      </span>
      <button
        type="button"
        className={smallButton}
        disabled={busy}
        onClick={() => onChange(!isActive)}
        aria-label={`${isActive ? 'Deactivate' : 'Activate'} ${name}`}
      >
        {isActive ? 'Deactivate' : 'Activate'}
      </button>
    </div>
  );
}

function OrderButtons({ category, changes }: { category: AdminCategory; changes: Changes }) {
  const index = changes.indexOf(category);
  return (
    <div className="flex gap-1">
      <button
        type="button"
        className={smallButton}
        disabled={changes.busy || index === 0}
        onClick={() => changes.move(category, -1)}
        aria-label={`Move ${category.name} up`}
      >
        Up
      </button>
      <button
        type="button"
        className={smallButton}
        disabled={changes.busy || index === changes.count - 1}
        onClick={() => changes.move(category, 1)}
        aria-label={`Move ${category.name} down`}
      >
        Down
      </button>
    </div>
  );
}

/**
 * The HSN code the category's products are invoiced under when they have none of their own;
 * empty means each product needs its own.
 */
function CategoryHsn({ category, changes }: { category: AdminCategory; changes: Changes }) {
  return (
    <InlineName
      key={category.hsnCode}
      name={category.hsnCode}
      label={`HSN code of ${category.name}`}
      busy={changes.busy}
      onSave={(code) => changes.setHsn(category, code)}
      action="Save"
      placeholder="e.g. 6212"
      width="min-w-36 max-w-48"
    />
  );
}

/** A category's subcategories: each renamed and switched in place, and one more added. */
function Subcategories({ category, changes }: { category: AdminCategory; changes: Changes }) {
  const [name, setName] = useState('');
  return (
    <details className="min-w-60">
      <summary className="cursor-pointer text-sm">
        {category.subcategories.length} subcategor
        {category.subcategories.length === 1 ? 'y' : 'ies'}
        <span className="sr-only"> of {category.name}</span>
      </summary>
      <ul className="mt-2 flex flex-col gap-2">
        {category.subcategories.map((sub) => (
          <li key={`${sub.id}-${sub.name}-${sub.isActive}`} className="flex flex-col gap-1">
            <InlineName
              name={sub.name}
              label={`Name of ${sub.name} in ${category.name}`}
              busy={changes.busy}
              onSave={(next) => changes.renameSub(sub, next)}
            />
            <div className="flex items-center gap-2 text-xs text-muted">
              <span>{sub.activeProducts} active</span>
              <ActiveToggle
                name={`${sub.name} in ${category.name}`}
                isActive={sub.isActive}
                busy={changes.busy}
                onChange={(active) => changes.setSubActive(sub, active)}
              />
            </div>
          </li>
        ))}
      </ul>
      <form
        className="mt-2 flex items-center gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          changes.addSub(category, name);
          setName('');
        }}
      >
        <label className="min-w-0 flex-1">
          <span className="sr-only">New subcategory of {category.name}</span>
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="New subcategory"
            className={field}
          />
        </label>
        <button type="submit" className={smallButton} disabled={changes.busy || !name.trim()}>
          Add
        </button>
      </form>
    </details>
  );
}

const column = createColumnHelper<AdminCategory>();

function columnsWith(changes: Changes) {
  return [
    column.display({
      id: 'order',
      header: 'Order',
      cell: ({ row }) => <OrderButtons category={row.original} changes={changes} />,
    }),
    column.accessor('name', {
      header: 'Name',
      cell: ({ row }) => (
        <div>
          <InlineName
            key={row.original.name}
            name={row.original.name}
            label={`Name of ${row.original.name}`}
            busy={changes.busy}
            onSave={(name) => changes.rename(row.original, name)}
          />
          <p className="mt-1 text-xs text-muted">/{row.original.slug}</p>
        </div>
      ),
    }),
    column.accessor('hsnCode', {
      header: 'Default HSN',
      cell: ({ row }) => <CategoryHsn category={row.original} changes={changes} />,
    }),
    column.accessor('activeProducts', {
      header: 'Active products',
      cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
    }),
    column.display({
      id: 'subcategories',
      header: 'Subcategories',
      cell: ({ row }) => <Subcategories category={row.original} changes={changes} />,
    }),
    column.accessor('isActive', {
      header: 'Status',
      cell: ({ row }) => (
        <ActiveToggle
          name={row.original.name}
          isActive={row.original.isActive}
          busy={changes.busy}
          onChange={(active) => changes.setActive(row.original, active)}
        />
      ),
    }),
  ];
}

/** Adds a category, checked by the route's own schema first. */
function AddCategory({
  onAdd,
  busy,
}: {
  onAdd: (input: CategoryCreateInput, done: () => void) => void;
  busy: boolean;
}) {
  const form = useAdminForm(categoryCreateInput, { name: '' });
  return (
    <Form
      form={form}
      onSubmit={(input) => onAdd(input, () => form.reset())}
      // The screen shows the save's answer; the form's one problem is announced where it is.
      announceProblems
      aria-labelledby="add-category-title"
      className="grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-start"
    >
      <h2 id="add-category-title" className="font-medium sm:col-span-2">
        Add a category
      </h2>
      <Field name="name" id="category-name" label="Name" autoComplete="off" />
      <SubmitButton
        busy={busy}
        busyText="Add"
        className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60 sm:mt-6"
      >
        Add
      </SubmitButton>
    </Form>
  );
}

/**
 * /admin/categories: the storefront's shelves in their order. Rename in place, move up or down,
 * add subcategories, activate or deactivate (the server refuses while active products remain and
 * says how many; that refusal is shown as it comes).
 */
export function CategoriesPage() {
  const { authed } = useAuth();
  const { load, reload } = useScreenData<AdminCategory[]>();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const rows = load.state === 'ready' ? load.data : [];

  function run(work: (api: ApiClient) => Promise<{ message: string }>, text?: string) {
    setBusy(true);
    setNotice(null);
    authed(work)
      .then((answer) => {
        setNotice({ ok: true, text: text ?? answer.message });
        reload();
      })
      .catch((error) => setNotice({ ok: false, text: errorMessage(error) }))
      .finally(() => setBusy(false));
  }

  const patch = (value: unknown) => categoryPatchInput.parse(value);
  const subPatch = (value: unknown) => subcategoryPatchInput.parse(value);
  const changes: Changes = {
    busy,
    count: rows.length,
    indexOf: (category) => rows.findIndex((row) => row.id === category.id),
    rename: (category, name) =>
      run(
        (api) => categoriesApi(api).update(category.id, patch({ name })),
        `Renamed to ${name.trim()}.`,
      ),
    setHsn: (category, hsnCode) => {
      const parsed = categoryPatchInput.safeParse({ hsnCode });
      if (!parsed.success) {
        setNotice({ ok: false, text: parsed.error.issues[0]?.message ?? 'Invalid HSN code' });
        return;
      }
      run(
        (api) => categoriesApi(api).update(category.id, parsed.data),
        parsed.data.hsnCode
          ? `${category.name}'s products are invoiced under HSN ${parsed.data.hsnCode} unless they have their own.`
          : `${category.name} has no default HSN code: each of its products needs its own.`,
      );
    },
    setActive: (category, isActive) =>
      run(
        (api) => categoriesApi(api).update(category.id, patch({ isActive })),
        `${category.name} is ${isActive ? 'active' : 'inactive'}.`,
      ),
    move: (category, by) => {
      const from = rows.findIndex((row) => row.id === category.id);
      const ids = moveItem(
        rows.map((row) => row.id),
        from,
        from + by,
      );
      run(
        (api) => categoriesApi(api).reorder(ids),
        `${category.name} moved ${by < 0 ? 'up' : 'down'}.`,
      );
    },
    renameSub: (sub, name) =>
      run(
        (api) => categoriesApi(api).updateSubcategory(sub.categoryId, sub.id, subPatch({ name })),
        `Renamed to ${name.trim()}.`,
      ),
    setSubActive: (sub, isActive) =>
      run(
        (api) =>
          categoriesApi(api).updateSubcategory(sub.categoryId, sub.id, subPatch({ isActive })),
        `${sub.name} is ${isActive ? 'active' : 'inactive'}.`,
      ),
    addSub: (category, name) => {
      const parsed = subcategoryCreateInput.safeParse({ name });
      if (!parsed.success) {
        setNotice({ ok: false, text: parsed.error.issues[0]?.message ?? 'Invalid name' });
        return;
      }
      run((api) => categoriesApi(api).createSubcategory(category.id, parsed.data));
    },
  };

  return (
    <section className="flex flex-col gap-5">
      <div>
        <h1 className="font-serif text-3xl">Categories</h1>
        <p className="mt-1 text-sm text-muted">
          The storefront lists active categories in this order. A category or subcategory with
          active products cannot be deactivated: move or deactivate its products first. Every change
          is in the audit log.
        </p>
      </div>
      <AddCategory
        busy={busy}
        onAdd={(input, done) =>
          run(async (api) => {
            const answer = await categoriesApi(api).create(input);
            done();
            return answer;
          })
        }
      />
      {notice ? (
        <p
          role={notice.ok ? 'status' : 'alert'}
          className={`rounded-2xl border p-3 text-sm ${
            notice.ok ? 'border-line bg-white' : 'border-brand-300 bg-white text-brand-800'
          }`}
        >
          {notice.text}
        </p>
      ) : null}
      <AdminTable
        label="Categories"
        load={load}
        rows={rows}
        columns={columnsWith(changes)}
        rowId={(category) => category.id}
        card={(category) => (
          <div className="flex flex-col gap-2">
            <InlineName
              key={category.name}
              name={category.name}
              label={`Name of ${category.name}`}
              busy={busy}
              onSave={(name) => changes.rename(category, name)}
            />
            <p className="text-muted">
              /{category.slug} · {category.activeProducts} active products
            </p>
            <div>
              <p className="mb-1 text-xs text-muted">Default HSN code</p>
              <CategoryHsn category={category} changes={changes} />
            </div>
            <ActiveToggle
              name={category.name}
              isActive={category.isActive}
              busy={busy}
              onChange={(active) => changes.setActive(category, active)}
            />
            <OrderButtons category={category} changes={changes} />
            <Subcategories category={category} changes={changes} />
          </div>
        )}
        loadingText="Loading the categories..."
        emptyText="No categories yet."
        onRetry={reload}
      />
    </section>
  );
}
