import { useState } from 'react';
import { Link } from 'react-router';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import {
  faqPageInput,
  policyPageInput,
  type AdminShopPage,
  type FaqPageInput,
  type PolicyPageInput,
  type ShopPageContent,
} from '@shop/contracts/shop-pages';
import {
  anchorFor,
  shopDetailTokens,
  shopPageKeys,
  type ShopPageKey,
} from '@shop/domain/shop-pages';
import { errorMessage, type ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDate, formatIndiaDateTime } from '../admin-format';
import { Field, FieldMessage, Form, FormError, SubmitButton, TextArea } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';
import { screenLoader, useScreenData } from '../list-page/list-loader';
import { pagesApi } from './pages-api';

const card = 'flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6';
const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const small =
  'rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-40';
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

/** New topics and sections get their anchors before the schema reads the page. */
function anchored<T extends FaqPageInput | PolicyPageInput>(values: T): T {
  const content = values.content as {
    groups?: { id: string; title: string }[];
    sections?: { id: string; title: string }[];
  };
  return {
    ...values,
    content: {
      ...values.content,
      ...(content.groups ? { groups: withAnchors(content.groups) } : {}),
      ...(content.sections ? { sections: withAnchors(content.sections) } : {}),
    },
  };
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
}: {
  groupIndex: number;
  control: Control<FaqPageInput>;
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
              <Field
                name={`${path}.question`}
                id={`${id}-question`}
                label={`Question ${index + 1}`}
              />
              <TextArea
                name={`${path}.answer`}
                id={`${id}-answer`}
                label={`Answer ${index + 1}`}
                rows={4}
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
      <FieldMessage
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

function FaqFields({ control }: { control: Control<FaqPageInput> }) {
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
            <Field
              name={`content.groups.${index}.title`}
              id={`faq-group-${index}-name`}
              label="Topic title"
            />
            <Field
              name={`content.groups.${index}.description`}
              id={`faq-group-${index}-description`}
              label="Topic description"
            />
          </div>
          <FaqEntries groupIndex={index} control={control} />
        </section>
      ))}
      <FieldMessage name="content.groups" id="faq-groups-error" />
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
  hasNotice,
  setNotice,
}: {
  control: Control<PolicyPageInput>;
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
        <TextArea name="content.intro" id="policy-intro" label="Opening paragraph" rows={3} />
        {hasNotice ? (
          <>
            <Field name="content.notice.title" id="policy-notice-title" label="Call-out title" />
            <TextArea
              name="content.notice.html"
              id="policy-notice-html"
              label="Call-out text"
              rows={4}
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
          <Field
            name={`content.sections.${index}.title`}
            id={`policy-section-${index}-heading`}
            label="Heading"
          />
          <TextArea
            name={`content.sections.${index}.html`}
            id={`policy-section-${index}-html`}
            label="Text"
            rows={8}
          />
        </section>
      ))}
      <FieldMessage name="content.sections" id="policy-sections-error" />
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

/** Saves the page's content; the form shows the server's refusal, on its field when it names one. */
function useSave(key: ShopPageKey, onSaved: (page: AdminShopPage, message: string) => void) {
  const { authed } = useAuth();
  return async ({ content }: { content: FaqPageInput['content'] | PolicyPageInput['content'] }) => {
    const answer = await authed((api) => pagesApi(api).save(key, content as ShopPageContent));
    onSaved(answer.data, answer.message);
  };
}

function SaveBar({ busy }: { busy: boolean }) {
  return (
    <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-line bg-cream/95 py-3">
      <SubmitButton busy={busy}>Save page</SubmitButton>
    </div>
  );
}

function FaqEditor({ page, initial, onSaved }: EditorProps<FaqPageInput>) {
  const form = useAdminForm(faqPageInput, initial, { prepare: anchored });
  const save = useSave(page.key, onSaved);
  return (
    <Form
      form={form}
      onSubmit={save}
      aria-label={`Edit ${page.title}`}
      className="flex flex-col gap-5"
    >
      <FormError status={form.status} />
      <FaqFields control={form.control} />
      <SaveBar busy={form.busy} />
    </Form>
  );
}

function PolicyEditor({ page, initial, onSaved }: EditorProps<PolicyPageInput>) {
  const form = useAdminForm(policyPageInput, initial, { prepare: anchored });
  const save = useSave(page.key, onSaved);
  const hasNotice = useWatch({ control: form.control, name: 'content.notice' }) !== null;
  return (
    <Form
      form={form}
      onSubmit={save}
      aria-label={`Edit ${page.title}`}
      className="flex flex-col gap-5"
    >
      <FormError status={form.status} />
      <PolicyFields
        control={form.control}
        hasNotice={hasNotice}
        setNotice={(notice) => form.setValue('content.notice', notice, { shouldDirty: true })}
      />
      <SaveBar busy={form.busy} />
    </Form>
  );
}

const isPageKey = (key: string | undefined): key is ShopPageKey =>
  (shopPageKeys as readonly (string | undefined)[]).includes(key);

/** /admin/pages/{key}: the page loads before the screen shows (no page for an unknown key). */
export const pageLoader = screenLoader((api: ApiClient, params) =>
  isPageKey(params.pageKey) ? pagesApi(api).get(params.pageKey) : Promise.resolve(null),
);

/** /admin/pages/{key} (owners): the FAQ's topics and questions, or a policy's sections. */
export function PageEditPage({ pageKey }: { pageKey: ShopPageKey }) {
  const { authed } = useAuth();
  const { load, reload } = useScreenData<AdminShopPage | null>();
  const [notice, setNotice] = useState<string | null>(null);
  // A save's answer replaces the loaded page (and remounts the form with it).
  const [saved, setSaved] = useState<AdminShopPage | null>(null);
  const page = saved ?? (load.state === 'ready' && load.data?.key === pageKey ? load.data : null);

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
