import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@shop/contracts/auth';
import { ApiError } from '../../../app/lib/api-client';
import { AddEmailForm } from '../../../app/components/account/add-email-form';

// The server, one call at a time.
const server = vi.hoisted(() => ({ addEmail: vi.fn() }));
vi.mock('../../../app/components/account/account-api', () => ({ accountApi: () => server }));
vi.mock('../../../app/lib/auth-session', () => {
  const authed = (call: (client: unknown) => unknown) => call({});
  return { useAuth: () => ({ authed }) };
});

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const emailField = () => screen.getByLabelText('Email');
const sendLink = () => userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));

describe("'Add your e-mail' for an account made by phone", () => {
  it('checks the address with the shared schema before asking the server', async () => {
    render(<AddEmailForm />);
    expect(screen.getByRole('heading', { name: 'Add your e-mail' })).toBeTruthy();
    await userEvent.type(emailField(), 'not-an-address');
    await sendLink();
    expect(await screen.findByText(authMessages.emailInvalid)).toBeTruthy();
    expect(server.addEmail).not.toHaveBeenCalled();
  });

  it('sends the link, says where it went, and lets her try another address', async () => {
    server.addEmail.mockResolvedValue({
      data: { email: 'priya@example.in' },
      message: 'We have sent a link',
    });
    render(<AddEmailForm />);
    await userEvent.type(emailField(), '  Priya@Example.in ');
    await sendLink();
    await waitFor(() => expect(server.addEmail).toHaveBeenCalledTimes(1));
    expect(server.addEmail).toHaveBeenCalledWith({ email: 'priya@example.in' });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('We sent a link to priya@example.in');
    expect(status.textContent).toContain('within 24 hours');

    await userEvent.click(screen.getByRole('button', { name: 'Use another address' }));
    expect((emailField() as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal of an address another account has", async () => {
    server.addEmail.mockRejectedValue(
      new ApiError('An account with this email already exists', 409),
    );
    render(<AddEmailForm />);
    await userEvent.type(emailField(), 'taken@example.in');
    await sendLink();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An account with this email already exists',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
