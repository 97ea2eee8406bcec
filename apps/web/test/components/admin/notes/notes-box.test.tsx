import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ordersDeskMessages } from '@shop/contracts/orders-desk';
import { ApiError } from '../../../../app/lib/api-client';
import { NotesBox } from '../../../../app/components/admin/notes/notes-box';

afterEach(cleanup);

const box = (add: (note: { text: string }) => Promise<unknown>, onAdded = () => {}) =>
  render(<NotesBox fieldId="order-note" notes={[]} add={add} onAdded={onAdded} />);

describe('the notes box', () => {
  it('puts the schema’s message beside an empty note and sends nothing', async () => {
    const add = vi.fn(async () => ({}));
    box(add);
    await userEvent.type(screen.getByLabelText(/Add a note/), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const field = screen.getByLabelText(/Add a note/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('order-note-error')?.textContent).toBe(
      ordersDeskMessages.noteRequired,
    );
    expect(add).not.toHaveBeenCalled();
  });

  it('adds the trimmed note, busy meanwhile, then empties the box', async () => {
    let finish: () => void = () => {};
    const add = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onAdded = vi.fn();
    box(add, onAdded);
    await userEvent.type(screen.getByLabelText(/Add a note/), '  Called her: ships Monday ');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const busy = await screen.findByRole('button', { name: 'Adding...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(add).toHaveBeenCalledWith({ text: 'Called her: ships Monday' });
    finish();
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect((screen.getByLabelText(/Add a note/) as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the server’s refusal as worded and keeps the note', async () => {
    box(() => Promise.reject(new ApiError('Order not found', 404)));
    await userEvent.type(screen.getByLabelText(/Add a note/), 'Called her');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Order not found');
    expect((screen.getByLabelText(/Add a note/) as HTMLTextAreaElement).value).toBe('Called her');
  });
});
