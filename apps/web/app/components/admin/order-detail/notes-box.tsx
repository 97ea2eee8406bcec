import { useState, type FormEvent } from 'react';
import { orderNoteSchema, type OrderNote } from '@shop/contracts/orders-desk';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { formatIndiaDateTime } from '../admin-format';
import { ordersDeskApi } from '../orders-desk/orders-desk-api';

/** The shop's internal notes on an order (never shown to the shopper), and a box to add one. */
export function NotesBox({
  orderId,
  notes,
  onAdded,
}: {
  orderId: string;
  notes: OrderNote[];
  onAdded: () => void;
}) {
  const { authed } = useAuth();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    const parsed = orderNoteSchema.safeParse({ text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Invalid note');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await authed((api) => ordersDeskApi(api).addNote(orderId, parsed.data));
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
      <form onSubmit={add} noValidate className="mt-3">
        <label htmlFor="order-note" className="block text-sm font-medium">
          Add a note (only the shop sees it)
        </label>
        <textarea
          id="order-note"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={3}
          maxLength={2000}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'order-note-problem' : undefined}
          className="mt-1 block w-full rounded-xl border border-line px-3 py-2 text-sm"
        />
        {problem ? (
          <p id="order-note-problem" role="alert" className="mt-1 text-sm text-brand-800">
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
