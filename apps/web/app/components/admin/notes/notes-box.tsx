import { useState, type FormEvent } from 'react';
import { orderNoteSchema, type OrderNote } from '@shop/contracts/orders-desk';
import { errorMessage } from '../../../lib/api-client';
import { formatIndiaDateTime } from '../admin-format';

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
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problemId = `${fieldId}-problem`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = orderNoteSchema.safeParse({ text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Invalid note');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await add(parsed.data);
      setText('');
      onAdded();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
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
      <form onSubmit={submit} noValidate className="mt-3">
        <label htmlFor={fieldId} className="block text-sm font-medium">
          Add a note (only the shop sees it)
        </label>
        <textarea
          id={fieldId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={3}
          maxLength={2000}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="mt-1 block w-full rounded-xl border border-line px-3 py-2 text-sm"
        />
        {problem ? (
          <p id={problemId} role="alert" className="mt-1 text-sm text-brand-800">
            {problem}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="mt-2 rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? 'Adding...' : 'Add note'}
        </button>
      </form>
    </div>
  );
}
