import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentWording } from '@shop/domain/account-data';
import SignInForms from '../../../app/components/account/sign-in-forms';

const session = vi.hoisted(() => ({ signUp: vi.fn(), toast: vi.fn() }));
vi.mock('../../../app/lib/auth-session', () => ({
  useAuth: () => ({ signUp: session.signUp, signIn: vi.fn(), signInWithGoogle: vi.fn() }),
}));
vi.mock('../../../app/lib/toast', () => ({
  useToast: () => ({ success: session.toast, error: session.toast }),
}));
vi.mock('../../../app/components/account/account-api', () => ({
  accountApi: () => ({
    googleConfig: async () => ({ enabled: false }),
    phoneConfig: async () => ({ enabled: false }),
  }),
}));

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('the sign-up form’s offer boxes', () => {
  it('start unticked, each worded as its consent is recorded, and send only what she ticked', async () => {
    session.signUp.mockResolvedValue({});
    render(<SignInForms mode="signup" onMode={() => undefined} onDone={() => undefined} />);
    const boxes = (['email', 'whatsapp', 'sms'] as const).map(
      (channel) =>
        screen.getByRole('checkbox', { name: consentWording.offers[channel] }) as HTMLInputElement,
    );
    expect(boxes.map((box) => box.checked)).toEqual([false, false, false]);

    await userEvent.type(screen.getByLabelText('First name'), 'Meera');
    await userEvent.type(screen.getByLabelText('Last name'), 'Iyer');
    await userEvent.type(screen.getByLabelText('Email'), 'meera@example.in');
    await userEvent.type(screen.getByLabelText(/^Password/), 'jasmine-petal-4');
    await userEvent.type(screen.getByLabelText('Phone'), '9876543210');
    await userEvent.click(boxes[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(session.signUp).toHaveBeenCalledTimes(1));
    expect(session.signUp.mock.calls[0]![0].offers).toEqual({
      email: false,
      whatsapp: true,
      sms: false,
    });
  });
});
