import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  get,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  faqPageInput,
  policyPageInput,
  type AdminShopPage,
  type FaqPageInput,
  type PolicyPageInput,
  type ShopPageContent,
} from '@shop/contracts/shop-pages';
import { anchorFor, shopDetailTokens, type ShopPageKey } from '@shop/domain/shop-pages';
import { ApiError, errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDate, formatIndiaDateTime } from '../admin-format';
import { useAdminLoad } from '../use-admin-load';
import { pagesApi } from './pages-api';

const field = 'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';
const label = 'block text-sm font-medium';
const card = 'flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6';
const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const small =
  'rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-40';
const primary =
  'rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50';
const panel = 'rounded-2xl border border-line bg-white p-6 text-center';

/** The anchors of new topics and sections are made from their titles when the page is saved. */
function withAnchors<T extends { id: string; title: string }>(items: T[]): T[] {
  const taken = items.map((item) => item.id).filter(Boolean);
  return items.map((item) => {
    if (item.id) return item;
    const id = anchorFor(item.title, taken);
    taken.push(id);
    return { ...item, id };
  });
}

function anchoredResolver<T extends FaqPageInput | PolicyPageInput>(
  resolver: Resolver<T>,
): Resolver<T> {
  return (values, context, options) => {
    const content = values.content as {
      groups?: { id: string; title: string }[];
      sections?: { id: string; title: string }[];
    };
    const next = {
      ...values,
      content: {
        ...values.content,
        ...(content.groups ? { groups: withAnchors(content.groups) } : {}),
        ...(content.sections ? { sections: withAnchors(content.sections) } : {}),
      },
    };
    return resolver(next, context, options);
  };
}

/** Both forms' `register`: a field's dotted path (a path of its schema) to its input props. */
type Bind = (name: string) => UseFormRegisterReturn;

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
  rows,
}: {
  name: string;
  id: string;
  text: string;
  register: Bind;
  errors: FieldErrors;
  hint?: string;
  /** A text area of this many rows; an input without. */
  rows?: number;
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
    ...register(name),
  };
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      {rows ? <textarea rows={rows} {...props} /> : <input type="text" {...props} />}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError errors={errors} name={name} id={`${id}-error`} />
    </div>
  );
}

/** Up, Down and Remove for one item of a list, each naming the item for screen readers. */
function MoveButtons({
  what,
  index,
  count,
  move,
  remove,
}: {
  what: string;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        className={small}
        disabled={index === 0}
        aria-label={`Move ${what} up`}
        onClick={() => move(index, index - 1)}
      >
        Up
      </button>
      <button
        type="button"
        className={small}
        disabled={index === count - 1}
        aria-label={`Move ${what} down`}
        onClick={() => move(index, index + 1)}
      >
        Down
      </button>
      <button
        type="button"
        className={small}
        disabled={count === 1}
        aria-label={`Remove ${what}`}
        onClick={() => remove(index)}
      >
        Remove
      </button>
    </div>
  );
}

const tokensHint = `Shop details from the settings: ${Object.keys(shopDetailTokens)
  .map((token) => `{{${token}}}`)
  .join(', ')}.`;

function FaqEntries({
  groupIndex,
  control,
  register,
  errors,
}: {
  groupIndex: number;
  control: Control<FaqPageInput>;
  register: Bind;
  errors: FieldErrors;
}) {
  const { fields, append, remove, move } = useFieldArray({
    control,
    name: `content.groups.${groupIndex}.entries`,
  });
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-3">
        {fields.map((entry, index) => {
          const path = `content.groups.${groupIndex}.entries.${index}`;
          const id = `faq-${groupIndex}-${index}`;
          return (
            <li key={entry.id} className="flex flex-col gap-2 rounded-xl border border-line p-3">
              <TextField
                name={`${path}.question`}
                id={`${id}-question`}
                text={`Question ${index + 1}`}
                register={register}
                errors={errors}
              />
              <TextField
                name={`${path}.answer`}
                id={`${id}-answer`}
                text={`Answer ${index + 1}`}
                rows={4}
                register={register}
                errors={errors}
              />
              <MoveButtons
                what={`question ${index + 1} of topic ${groupIndex + 1}`}
                index={index}
                count={fields.length}
                move={move}
                remove={remove}
              />
            </li>
          );
        })}
      </ol>
      <FieldError
        errors={errors}
        name={`content.groups.${groupIndex}.entries`}
        id={`faq-${groupIndex}-entries-error`}
      />
      <div>
        <button
          type="button"
          className={button}
          onClick={() => append({ question: '', answer: '' })}
        >
          Add a question to this topic
        </button>
      </div>
    </div>
  );
}

function FaqFields({
  control,
  register,
  errors,
}: {
  control: Control<FaqPageInput>;
  register: Bind;
  errors: FieldErrors;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'content.groups' });
  return (
    <>
      <p className="text-sm text-muted">
        Answers are plain text: a blank line starts a new paragraph. {tokensHint}
      </p>
      {fields.map((group, index) => (
        <section key={group.id} aria-labelledby={`faq-group-${index}-title`} className={card}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`faq-group-${index}-title`} className="font-medium">
              Topic {index + 1}
            </h2>
            <MoveButtons
              what={`topic ${index + 1}`}
              index={index}
              count={fields.length}
              move={move}
              remove={remove}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              name={`content.groups.${index}.title`}
              id={`faq-group-${index}-name`}
              text="Topic title"
              register={register}
              errors={errors}
            />
            <TextField
              name={`content.groups.${index}.description`}
              id={`faq-group-${index}-description`}
              text="Topic description"
              register={register}
              errors={errors}
            />
          </div>
          <FaqEntries groupIndex={index} control={control} register={register} errors={errors} />
        </section>
      ))}
      <FieldError errors={errors} name="content.groups" id="faq-groups-error" />
      <div>
        <button
          type="button"
          className={button}
          onClick={() =>
            append({
              id: '',
              title: '',
              description: '',
              entries: [{ question: '', answer: '' }],
            })
          }
        >
          Add a topic
        </button>
      </div>
    </>
  );
}

const htmlHint =
  'HTML: <p>, <ul>/<ol> with <li>, <strong>, <em>, <a href="/shipping-policy">, <h3>. Scripts, styles and other markup are removed on save. ';

function PolicyFields({
  control,
  register,
  errors,
  hasNotice,
  setNotice,
}: {
  control: Control<PolicyPageInput>;
  register: Bind;
  errors: FieldErrors;
  hasNotice: boolean;
  setNotice: (notice: { title: string; html: string } | null) => void;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'content.sections' });
  return (
    <>
      <p className="text-sm text-muted">
        {htmlHint}
        {tokensHint}
      </p>
      <section aria-labelledby="policy-opening-title" className={card}>
        <h2 id="policy-opening-title" className="font-medium">
          Opening
        </h2>
        <TextField
          name="content.intro"
          id="policy-intro"
          text="Opening paragraph"
          rows={3}
          register={register}
          errors={errors}
        />
        {hasNotice ? (
          <>
            <TextField
              name="content.notice.title"
              id="policy-notice-title"
              text="Call-out title"
              register={register}
              errors={errors}
            />
            <TextField
              name="content.notice.html"
              id="policy-notice-html"
              text="Call-out text"
              rows={4}
              register={register}
              errors={errors}
            />
            <div>
              <button type="button" className={small} onClick={() => setNotice(null)}>
                Remove the call-out
              </button>
            </div>
          </>
        ) : (
          <div>
            <button
              type="button"
              className={small}
              onClick={() => setNotice({ title: '', html: '' })}
            >
              Add a call-out
            </button>
          </div>
        )}
      </section>
      {fields.map((section, index) => (
        <section
          key={section.id}
          aria-labelledby={`policy-section-${index}-title`}
          className={card}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`policy-section-${index}-title`} className="font-medium">
              Section {index + 1}
            </h2>
            <MoveButtons
              what={`section ${index + 1}`}
              index={index}
              count={fields.length}
              move={move}
              remove={remove}
            />
          </div>
          <TextField
            name={`content.sections.${index}.title`}
            id={`policy-section-${index}-heading`}
            text="Heading"
            register={register}
            errors={errors}
          />
          <TextField
            name={`content.sections.${index}.html`}
            id={`policy-section-${index}-html`}
            text="Text"
            rows={8}
            register={register}
            errors={errors}
          />
        </section>
      ))}
      <FieldError errors={errors} name="content.sections" id="policy-sections-error" />
      <div>
        <button
          type="button"
          className={button}
          onClick={() => append({ id: '', title: '', html: '' })}
        >
          Add a section
        </button>
      </div>
    </>
  );
}

interface EditorProps<T> {
  page: AdminShopPage;
  initial: T;
  onSaved: (page: AdminShopPage, message: string) => void;
}

/** What the save answers, as the form shows it: field problems go under their field. */
function useSave(key: ShopPageKey, onSaved: (page: AdminShopPage, message: string) => void) {
  const { authed } = useAuth();
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  async function save(
    content: ShopPageContent,
    setFieldError: (field: string, message: string) => void,
  ) {
    setStatus(null);
    try {
      const answer = await authed((api) => pagesApi(api).save(key, content));
      onSaved(answer.data, answer.message);
    } catch (error) {
      const message = errorMessage(error);
      if (error instanceof ApiError && error.field) setFieldError(error.field, message);
      setStatus({ ok: false, message });
    }
  }
  const invalid = () =>
    setStatus({ ok: false, message: 'Some fields need attention: see the messages below them.' });
  return { status, save, invalid };
}

function StatusLine({ status }: { status: { ok: boolean; message: string } | null }) {
  if (!status) return null;
  return (
    <p
      role={status.ok ? 'status' : 'alert'}
      className="rounded-2xl border border-brand-300 bg-white p-3 text-sm text-brand-800"
    >
      {status.message}
    </p>
  );
}

function SaveBar({ busy, children }: { busy: boolean; children?: ReactNode }) {
  return (
    <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-line bg-cream/95 py-3">
      <button type="submit" className={primary} disabled={busy}>
        {busy ? 'Saving...' : 'Save page'}
      </button>
      {children}
    </div>
  );
}

function FaqEditor({ page, initial, onSaved }: EditorProps<FaqPageInput>) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FaqPageInput>({
    resolver: anchoredResolver(zodResolver(faqPageInput) as Resolver<FaqPageInput>),
    defaultValues: initial,
    mode: 'onBlur',
  });
  const { status, save, invalid } = useSave(page.key, onSaved);
  return (
    <form
      noValidate
      aria-label={`Edit ${page.title}`}
      className="flex flex-col gap-5"
      onSubmit={handleSubmit(
        (values) =>
          save(values.content as ShopPageContent, (name, message) =>
            setError(name as never, { type: 'server', message }, { shouldFocus: true }),
          ),
        invalid,
      )}
    >
      <StatusLine status={status} />
      <FaqFields control={control} register={(name) => register(name as never)} errors={errors} />
      <SaveBar busy={isSubmitting} />
    </form>
  );
}

function PolicyEditor({ page, initial, onSaved }: EditorProps<PolicyPageInput>) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<PolicyPageInput>({
    resolver: anchoredResolver(zodResolver(policyPageInput) as Resolver<PolicyPageInput>),
    defaultValues: initial,
    mode: 'onBlur',
  });
  const { status, save, invalid } = useSave(page.key, onSaved);
  const hasNotice = useWatch({ control, name: 'content.notice' }) !== null;
  return (
    <form
      noValidate
      aria-label={`Edit ${page.title}`}
      className="flex flex-col gap-5"
      onSubmit={handleSubmit(
        (values) =>
          save(values.content as ShopPageContent, (name, message) =>
            setError(name as never, { type: 'server', message }, { shouldFocus: true }),
          ),
        invalid,
      )}
    >
      <StatusLine status={status} />
      <PolicyFields
        control={control}
        register={(name) => register(name as never)}
        errors={errors}
        hasNotice={hasNotice}
        setNotice={(notice) => setValue('content.notice', notice, { shouldDirty: true })}
      />
      <SaveBar busy={isSubmitting} />
    </form>
  );
}

const readPage = (api: ApiClient, key: ShopPageKey) => pagesApi(api).get(key);

/** /admin/pages/{key} (owners): the FAQ's topics and questions, or a policy's sections. */
export function PageEditPage({ pageKey }: { pageKey: ShopPageKey }) {
  const { authed } = useAuth();
  const { load, reload } = useAdminLoad(`page-${pageKey}`, pageKey, readPage);
  const [notice, setNotice] = useState<string | null>(null);
  // A save's answer replaces the loaded page (and remounts the form with it).
  const [saved, setSaved] = useState<AdminShopPage | null>(null);
  const page = saved ?? (load.state === 'ready' ? load.data : null);

  const onSaved = (next: AdminShopPage, message: string) => {
    setSaved(next);
    setNotice(
      `${message}. The shop shows it now, last updated ${formatIndiaDateTime(next.updatedAt)}.`,
    );
  };

  async function restore() {
    if (!page) return;
    if (
      !window.confirm(`Bring back the original text of the ${page.title}? Your edits are lost.`)
    ) {
      return;
    }
    try {
      const answer = await authed((api) => pagesApi(api).restore(page.key));
      setSaved(answer.data);
      setNotice(`${answer.message}.`);
    } catch (error) {
      setNotice(errorMessage(error));
    }
  }

  return (
    <section className="flex flex-col gap-5">
      <div>
        <Link to="/admin/pages" className="text-sm text-brand-800 underline underline-offset-4">
          All pages
        </Link>
        <h1 className="mt-2 font-serif text-3xl">{page?.title ?? 'Page'}</h1>
        {page ? (
          <p className="mt-1 text-sm text-muted">
            Last updated{' '}
            {page.original ? formatIndiaDate(page.updatedAt) : formatIndiaDateTime(page.updatedAt)}
            {page.updatedBy ? ` by ${page.updatedBy}` : ' (the original text)'}.{' '}
            <a href={page.path} target="_blank" rel="noreferrer" className="underline">
              View {page.path}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
      </div>
      {notice ? (
        <p role="status" className="rounded-2xl border border-line bg-white p-3 text-sm">
          {notice}
        </p>
      ) : null}
      {load.state === 'loading' && !saved ? (
        <p role="status" className={`${panel} text-muted`}>
          Loading the page...
        </p>
      ) : null}
      {load.state === 'failed' && !saved ? (
        <div role="alert" className={panel}>
          <p>{load.message}</p>
          <button type="button" className={`${button} mt-3`} onClick={reload}>
            Try Again
          </button>
        </div>
      ) : null}
      {page && page.content.kind === 'faq' ? (
        <FaqEditor
          key={page.updatedAt}
          page={page}
          initial={{ content: page.content }}
          onSaved={onSaved}
        />
      ) : null}
      {page && page.content.kind === 'policy' ? (
        <PolicyEditor
          key={page.updatedAt}
          page={page}
          initial={{ content: page.content }}
          onSaved={onSaved}
        />
      ) : null}
      {page && !page.original ? (
        <div>
          <button type="button" className={button} onClick={() => void restore()}>
            Restore the original text
          </button>
        </div>
      ) : null}
    </section>
  );
}
