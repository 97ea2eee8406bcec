import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultShopSettings,
  shopSettingsMessages,
  type ShopSettings,
} from '@shop/contracts/shop-settings';
import { screenLoader } from '../../../../app/components/admin/list-page/list-loader';
import { SettingsPage } from '../../../../app/components/admin/settings/settings-page';

// The server, one call at a time: the screen's calls go through these.
const server = vi.hoisted(() => ({ read: vi.fn(), save: vi.fn() }));
vi.mock('../../../../app/components/admin/settings/settings-api', () => ({
  settingsApi: () => server,
}));
vi.mock('../../../../app/lib/auth-session', () => {
  const authed = (call: (client: unknown) => unknown) => call({});
  return { useAuth: () => ({ authed }) };
});

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

function open() {
  const loader = screenLoader(
    () => server.read() as Promise<unknown>,
    (call) => call({} as never),
  );
  const router = createMemoryRouter(
    [{ path: '/admin/settings', loader, element: <SettingsPage /> }],
    {
      initialEntries: ['/admin/settings'],
    },
  );
  return render(<RouterProvider router={router} />);
}

describe('the shop settings screen', () => {
  it('checks the COD bounds with the contract, saves, and loads the saved settings', async () => {
    const settings: ShopSettings = { ...defaultShopSettings, paymentMethods: ['online', 'cod'] };
    let stored = settings;
    server.read.mockImplementation(async () => ({
      settings: stored,
      updatedAt: stored === settings ? null : '2026-11-02T10:00:00.000Z',
    }));
    server.save.mockImplementation(async (values: ShopSettings) => {
      stored = values;
      return { message: 'Settings saved', data: values };
    });
    open();
    const largest = (await screen.findByLabelText('Largest COD order (₹)')) as HTMLInputElement;
    expect(largest.value).toBe(String(settings.cashOnDelivery.maxOrderRupees));
    await userEvent.clear(largest);
    await userEvent.type(largest, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(largest.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(shopSettingsMessages.codBounds)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the fields marked below.');
    expect(server.save).not.toHaveBeenCalled();

    await userEvent.clear(largest);
    await userEvent.type(largest, '5000');
    await userEvent.clear(screen.getByLabelText('Business hours'));
    await userEvent.type(screen.getByLabelText('Business hours'), 'Mon-Sat 10 AM-7 PM');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByText('Settings saved')).toBeTruthy());
    expect(server.save.mock.calls[0]?.[0]).toMatchObject({
      businessHours: 'Mon-Sat 10 AM-7 PM',
      cashOnDelivery: { maxOrderRupees: 5000 },
    });
    // Loaded again: the form shows what the server now holds.
    const hours = (await screen.findByLabelText('Business hours')) as HTMLInputElement;
    await waitFor(() => expect(server.read).toHaveBeenCalledTimes(2));
    expect(hours.value).toBe('Mon-Sat 10 AM-7 PM');
  });
});
