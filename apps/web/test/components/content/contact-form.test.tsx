import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACT_SEND_DELAY_MS,
  CONTACT_THANKS_MS,
  ContactForm,
} from '../../../app/components/content/contact-form';

// The contact form's rules as a shopper meets them: its messages on submit, focus on the first
// field refused, phone numbers typed the Indian way, and a simulated send that takes 1.5 s,
// thanks her for 5 s and makes no request.

const fields = ['name', 'email', 'phone', 'subject', 'message'] as const;
type Field = (typeof fields)[number];

const field = (name: Field) =>
  document.querySelector<HTMLInputElement>(`form [name="${name}"]`) ??
  (() => {
    throw new Error(`no field ${name}`);
  })();

/** The message a field points to with aria-describedby, or null when it has none. */
function errorOf(name: Field): string | null {
  const describedBy = field(name).getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

/**
 * Sends the form with the clock frozen: typing runs on real timers (user-event waits on them), the
 * simulated send's delays on fake ones, moved by hand.
 */
function sendWithFakeClock() {
  vi.useFakeTimers();
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
}

function setup() {
  const user = userEvent.setup({ delay: null });
  render(<ContactForm />);
  return user;
}

describe('the contact form', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('validates on submit, fakes the send and resets, without any request', async () => {
    const user = setup();
    const submit = () => user.click(screen.getByRole('button', { name: 'Send Message' }));

    await submit();
    expect(errorOf('name')).toBe('Name is required');
    expect(errorOf('email')).toBe('Email is required');
    expect(errorOf('phone')).toBe('Phone number is required');
    expect(errorOf('subject')).toBe('Subject is required');
    expect(errorOf('message')).toBe('Message is required');
    expect(field('name').getAttribute('aria-invalid')).toBe('true');
    // The first invalid field gets focus.
    expect(document.activeElement?.getAttribute('name')).toBe('name');

    // Whitespace does not count as a value; a bad email and a 9-digit phone get their own messages.
    await user.type(field('name'), '   ');
    await user.type(field('email'), 'priya@example');
    await user.type(field('phone'), '98765 4321');
    await submit();
    expect(errorOf('name')).toBe('Name is required');
    expect(errorOf('email')).toBe('Email is invalid');
    expect(errorOf('phone')).toBe('Phone number must be 10 digits');

    for (const name of ['name', 'email', 'phone'] as const) await user.clear(field(name));
    await user.type(field('name'), '  Priya Sharma ');
    await user.type(field('email'), ' priya@example.com ');
    await user.type(field('phone'), '98765-43210');
    await user.selectOptions(field('subject'), 'size-fitting');
    await user.type(field('message'), 'Which size should I take in the T-shirt bra?');
    sendWithFakeClock();
    const sending = screen.getByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);

    // The send takes 1.5 s, not less.
    act(() => vi.advanceTimersByTime(CONTACT_SEND_DELAY_MS - 1));
    expect(screen.queryByText(/Thank you for reaching out!/)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(/Thank you for reaching out!/)).toBeTruthy();
    for (const name of fields) expect(field(name).value, name).toBe('');
    expect(
      (screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement).disabled,
    ).toBe(false);

    // The thank-you goes away after 5 s.
    act(() => vi.advanceTimersByTime(CONTACT_THANKS_MS - 1));
    expect(screen.queryByText(/Thank you for reaching out!/)).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(/Thank you for reaching out!/)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each(['+91 98765 43210', '098765 43210'])(
    'takes %s typed key by key, and sends the message',
    async (typed) => {
      const user = setup();
      await user.type(field('name'), 'Priya Sharma');
      await user.type(field('email'), 'priya@example.com');
      // Typed key by key, as a shopper does: nothing is cut off by the input's length.
      await user.type(field('phone'), typed);
      expect(field('phone').value).toBe(typed);
      await user.selectOptions(field('subject'), 'order-status');
      await user.type(field('message'), 'Where is my order?');
      sendWithFakeClock();

      expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
      expect(screen.getByRole('button', { name: 'Sending...' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(CONTACT_SEND_DELAY_MS));
      expect(screen.getByText(/Thank you for reaching out!/)).toBeTruthy();
    },
  );

  it('still refuses a number that is not 10 digits', async () => {
    const user = setup();
    await user.type(field('phone'), '+91 98765 4321');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(errorOf('phone')).toBe('Phone number must be 10 digits');
  });
});
