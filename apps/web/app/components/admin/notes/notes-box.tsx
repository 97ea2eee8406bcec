import { orderNoteSchema, type OrderNote } from '@shop/contracts/orders-desk';
import { formatIndiaDateTime } from '../admin-format';
import { Form, FormError, SubmitButton, TextArea } from '../form-kit/fields';
import { useAdminForm } from '../form-kit/use-admin-form';

/**
 * The shop's internal notes on an order or a customer (never shown to the shopper), and a box
 * to add one. `add` sends the note; the note form is the same on both, so is its schema.
 */
export function NotesBox({
  fieldId,
  notes,
  add,
  onAdded,
}: {
  /** The textarea's id, unique on the page. */
  fieldId: string;
  notes: readonly OrderNote[];
  add: (note: { text: string }) => Promise<unknown>;
  onAdded: () => void;
}) {
  // The note's own problem is beside the box; only the server's refusal needs the status line.
  const form = useAdminForm(orderNoteSchema, { text: '' }, { invalidMessage: null });

  async function submit(note: { text: string }) {
    await add(note);
    form.reset({ text: '' });
    onAdded();
  }

  return (
    <div>
      {notes.length === 0 ? (
        <p className="text-sm text-muted">No notes yet.</p>
      ) : (
        <ul className="space-y-3">
          {notes.map((note) => (
            <li key={note._id} className="rounded-xl bg-cream p-3 text-sm">
              <p className="whitespace-pre-line break-words">{note.text}</p>
              <p className="mt-1 text-xs text-muted">
                {note.author} · {formatIndiaDateTime(note.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Form form={form} onSubmit={submit} className="mt-3">
        <TextArea
          name="text"
          id={fieldId}
          label="Add a note (only the shop sees it)"
          rows={3}
          maxLength={2000}
        />
        {form.status?.message ? (
          <FormError status={form.status} className="mt-1 text-sm text-brand-800" />
        ) : null}
        <SubmitButton
          busy={form.busy}
          busyText="Adding..."
          className="mt-2 rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Add note
        </SubmitButton>
      </Form>
    </div>
  );
}
