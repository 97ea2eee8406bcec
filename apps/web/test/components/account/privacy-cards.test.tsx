import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountDataMessages, consentWording } from '@shop/contracts/account-data';
import { ApiError } from '../../../app/lib/api-client';
import { MessagesCard, YourDataCard } from '../../../app/components/account/privacy-cards';

// The server, one call at a time: the cards' calls go through these.
const server = vi.hoisted(() => ({
  messageChoices: vi.fn(),
  saveMessageChoices: vi.fn(),
  downloadData: vi.fn(),
  deleteAccount: vi.fn(),
  sendPhoneCode: vi.fn(),
}));
const session = vi.hoisted(() => ({ signOut: vi.fn(), toast: vi.fn(), saved: vi.fn() }));
vi.mock('../../../app/components/account/account-api', () => ({ accountApi: () => server }));
vi.mock('../../../app/lib/auth-session', () => {
  const authed = (call: (client: unknown) => unknown) => call({});
  return { useAuth: () => ({ authed, signOut: session.signOut }) };
});
vi.mock('../../../app/lib/toast', () => ({
  useToast: () => ({ success: session.toast, error: session.toast }),
}));
vi.mock('../../../app/lib/save-file', () => ({ saveFile: session.saved }));

function open(element: React.ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/profile', element },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const defaults = {
  orderUpdates: { email: true, whatsapp: false, sms: false },
  offers: { email: false, whatsapp: false, sms: false },
};

describe('her message choices', () => {
  it('show each box with the words the consent record keeps, offers unticked, and save what she ticked', async () => {
    server.messageChoices.mockResolvedValue(defaults);
    server.saveMessageChoices.mockImplementation(async ({ source: _source, ...choices }) => ({
      data: choices,
      message: 'Your message choices are saved',
    }));
    open(<MessagesCard />);
    const whatsappOffers = (await screen.findByRole('checkbox', {
      name: consentWording.offers.whatsapp,
    })) as HTMLInputElement;
    const offerBoxes = within(screen.getByRole('group', { name: 'Offers' })).getAllByRole(
      'checkbox',
    ) as HTMLInputElement[];
    expect(offerBoxes.map((box) => box.checked)).toEqual([false, false, false]);
    const emailUpdates = screen.getByRole('checkbox', {
      name: consentWording.orderUpdates.email,
    }) as HTMLInputElement;
    expect(emailUpdates.checked).toBe(true);

    await userEvent.click(whatsappOffers);
    await userEvent.click(emailUpdates);
    await userEvent.click(screen.getByRole('button', { name: 'Save my choices' }));
    await waitFor(() => expect(server.saveMessageChoices).toHaveBeenCalledTimes(1));
    expect(server.saveMessageChoices).toHaveBeenCalledWith({
      orderUpdates: { email: false, whatsapp: false, sms: false },
      offers: { email: false, whatsapp: true, sms: false },
      source: 'profile',
    });
    await waitFor(() =>
      expect(session.toast).toHaveBeenCalledWith('Your message choices are saved'),
    );
    expect(whatsappOffers.checked).toBe(true);
  });
});

describe('her data', () => {
  it('downloads everything as one JSON file', async () => {
    const blob = new Blob(['{}'], { type: 'application/json' });
    server.downloadData.mockResolvedValue(blob);
    open(<YourDataCard hasPassword phone="9876543210" />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(session.saved).toHaveBeenCalledTimes(1));
    expect(session.saved.mock.calls[0]![0]).toBe(blob);
    expect(session.saved.mock.calls[0]![1]).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  });

  it('deletes her account only after a confirmation with her password, then signs her out', async () => {
    server.deleteAccount.mockImplementation(async ({ password }: { password: string }) => {
      if (password !== 'rose-petal-7') throw new ApiError(accountDataMessages.wrongPassword, 403);
      return {
        data: { kept: [{ kind: 'order', orderNumber: 'ORD-1001', until: '2032-11-29T10:00:00Z' }] },
        message: 'Your account is deleted',
      };
    });
    const router = open(<YourDataCard hasPassword phone="9876543210" />);
    expect(screen.queryByRole('form', { name: 'Confirm deleting your account' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const confirm = screen.getByRole('form', { name: 'Confirm deleting your account' });
    expect(confirm.textContent).toContain('This cannot be undone.');
    expect(confirm.textContent).toContain('Tax invoices of paid orders are kept');

    // Nothing typed: the shared schema's message, and no call.
    await userEvent.click(
      within(confirm).getByRole('button', { name: 'Delete my account for good' }),
    );
    expect(await within(confirm).findByText(accountDataMessages.passwordRequired)).toBeTruthy();
    expect(server.deleteAccount).not.toHaveBeenCalled();

    // A wrong password: the server's words, and she is still here.
    const password = within(confirm).getByLabelText('Your password');
    await userEvent.type(password, 'not-it');
    await userEvent.click(
      within(confirm).getByRole('button', { name: 'Delete my account for good' }),
    );
    await waitFor(() =>
      expect(within(confirm).getByRole('alert').textContent).toBe(
        accountDataMessages.wrongPassword,
      ),
    );
    expect(session.signOut).not.toHaveBeenCalled();

    // 'Keep my account' closes the confirmation.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('form', { name: 'Confirm deleting your account' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const again = screen.getByRole('form', { name: 'Confirm deleting your account' });
    await userEvent.type(within(again).getByLabelText('Your password'), 'rose-petal-7');
    await userEvent.click(
      within(again).getByRole('button', { name: 'Delete my account for good' }),
    );
    await waitFor(() => expect(session.signOut).toHaveBeenCalledTimes(1));
    expect(server.deleteAccount).toHaveBeenLastCalledWith({ password: 'rose-petal-7' });
    expect(session.toast).toHaveBeenCalledWith(expect.stringContaining('ORD-1001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('tells a Google account how to set a password first, with no password box', async () => {
    open(<YourDataCard hasPassword={false} phone="" />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const confirm = screen.getByRole('form', { name: 'Confirm deleting your account' });
    expect(within(confirm).queryByLabelText('Your password')).toBeNull();
    expect(confirm.textContent).toContain('Forgot password?');
  });

  it('asks an account that signs in by phone for a code sent to it, then deletes with that code', async () => {
    const requestId = '6f1c2f4e-3b7a-4d2e-9c1a-0b5e7d9f1a23';
    server.sendPhoneCode.mockResolvedValue({
      data: { requestId, channel: 'whatsapp', resendAfterSeconds: 30 },
      message: 'Code sent',
    });
    server.deleteAccount.mockResolvedValue({ data: { kept: [] }, message: 'Deleted' });
    open(<YourDataCard hasPassword={false} phone="9811122233" />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const confirm = screen.getByRole('form', { name: 'Confirm deleting your account' });
    expect(within(confirm).queryByLabelText('Your password')).toBeNull();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Send me a code' }));
    expect(server.sendPhoneCode).toHaveBeenCalledWith('9811122233');
    const code = await within(confirm).findByLabelText('The 6-digit code sent to 9811122233');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(code, '482913');
    await userEvent.click(
      within(confirm).getByRole('button', { name: 'Delete my account for good' }),
    );
    await waitFor(() => expect(session.signOut).toHaveBeenCalledTimes(1));
    expect(server.deleteAccount).toHaveBeenCalledWith({ requestId, code: '482913' });
    expect(session.toast).toHaveBeenCalledWith('Your account and your data are deleted.');
  });
});
