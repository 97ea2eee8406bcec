import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shop/contracts/auth';
import { ProfilePage } from '../../../app/components/account/profile-page';

// The server, one call at a time; the page's other cards are stood in for.
const server = vi.hoisted(() => ({ forgotPassword: vi.fn(), addEmail: vi.fn() }));
const session = vi.hoisted(() => ({ user: undefined as unknown }));
vi.mock('../../../app/components/account/account-api', () => ({ accountApi: () => server }));
vi.mock('../../../app/lib/auth-session', () => {
  const authed = (call: (client: unknown) => unknown) => call({});
  return {
    useAuth: () => ({
      status: 'signed-in',
      user: session.user,
      authed,
      setUser: vi.fn(),
      adoptSession: vi.fn(),
      signOut: vi.fn(),
    }),
  };
});
vi.mock('../../../app/lib/sign-in-on-arrival', () => ({ useSignInOnArrival: () => undefined }));
vi.mock('../../../app/lib/toast', () => ({
  useToast: () => ({ success: vi.fn(), error: vi.fn() }),
}));
vi.mock('../../../app/components/account/privacy-cards', () => ({
  MessagesCard: () => null,
  YourDataCard: () => null,
}));
vi.mock('../../../app/components/fit/my-size-card', () => ({ MySizeCard: () => null }));
vi.mock('../../../app/components/orders/lazy-orders-tab', () => ({ LazyOrdersTab: () => null }));

const base: User = {
  _id: 'u1',
  firstName: 'Priya',
  lastName: '',
  email: '',
  phone: '9876543210',
  emailVerified: false,
  role: 'customer',
  hasPassword: false,
  googleLinked: false,
  addresses: [],
  mySize: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function open(user: User) {
  session.user = user;
  const router = createMemoryRouter([{ path: '/profile', element: <ProfilePage /> }], {
    initialEntries: ['/profile'],
  });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('the profile of a shopper who signs in by phone', () => {
  it("offers 'Add your e-mail' in place of an empty, read-only e-mail", () => {
    open(base);
    expect(screen.getByRole('heading', { name: 'Add your e-mail' })).toBeTruthy();
    expect(document.getElementById('profile-email')).toBeNull();
    expect(screen.getByText(/Add your e-mail above to set a password as well/)).toBeTruthy();
  });

  it('shows her e-mail as verified once added, and mails her a link to set a password', async () => {
    server.forgotPassword.mockResolvedValue({ data: null, message: 'sent' });
    open({ ...base, email: 'priya@example.in', emailVerified: true });
    expect(screen.queryByRole('heading', { name: 'Add your e-mail' })).toBeNull();
    expect((document.getElementById('profile-email') as HTMLInputElement).value).toBe(
      'priya@example.in',
    );
    expect(screen.getByText('Verified')).toBeTruthy();
    await userEvent.click(
      screen.getByRole('button', { name: 'E-mail me a link to set a password' }),
    );
    await waitFor(() => expect(server.forgotPassword).toHaveBeenCalledWith('priya@example.in'));
    expect((await screen.findByRole('status')).textContent).toContain(
      'We sent a link to priya@example.in',
    );
  });
});

describe('the profile of a shopper with an e-mail and a password', () => {
  it('shows the e-mail read-only and the change-password form', () => {
    open({ ...base, email: 'asha@example.in', emailVerified: true, hasPassword: true });
    expect(screen.queryByRole('heading', { name: 'Add your e-mail' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeTruthy();
  });
});
