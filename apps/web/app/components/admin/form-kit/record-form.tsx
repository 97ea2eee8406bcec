import type { ReactNode } from 'react';
import type * as z from 'zod/v4/core';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { Form, FormError, SubmitButton } from './fields';
import type { AdminForm, FormSchema } from './use-admin-form';

/** The save button at the foot of a record's form. */
export const recordSaveButton =
  'rounded-full bg-brand-600 px-6 py-2.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60';

/**
 * A record's form (an offer, a discount code): the whole form sent again on each save, to create
 * the record or to save its changes, the answer handed to `onSaved`. Staff read it (`readOnly`:
 * every field disabled, no button); while a save runs the fields wait. The form's status line
 * stands above its sections.
 */
export function RecordForm<S extends FormSchema, Row>({
  form,
  label,
  readOnly,
  save,
  onSaved,
  submitText,
  children,
}: {
  form: AdminForm<S>;
  /** The form's name for a screen reader: 'New offer', 'Edit the offer'. */
  label: string;
  readOnly: boolean;
  /** Sends the parsed values; answers the saved record and the server's words. */
  save: (api: ApiClient, values: z.output<S>) => Promise<{ data: Row; message: string }>;
  onSaved: (row: Row, message: string) => void;
  submitText: string;
  children: ReactNode;
}) {
  const { authed } = useAuth();
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const answer = await authed((api) => save(api, values));
        onSaved(answer.data, answer.message);
      }}
      aria-label={label}
    >
      <fieldset disabled={readOnly || form.busy} className="flex flex-col gap-5">
        <FormError status={form.status} />
        {children}
        {readOnly ? null : (
          <div>
            <SubmitButton busy={form.busy} className={recordSaveButton}>
              {submitText}
            </SubmitButton>
          </div>
        )}
      </fieldset>
    </Form>
  );
}

/**
 * One titled part of a record's form: its fields two to a row on wider screens, or, with an
 * `intro`, one under another below the title and its line of help.
 */
export function FormSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  if (intro === undefined) {
    return (
      <section className="grid gap-4 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2">
        <h2 className="font-medium sm:col-span-2">{title}</h2>
        {children}
      </section>
    );
  }
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4">
      <div>
        <h2 className="font-medium">{title}</h2>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      {children}
    </section>
  );
}
