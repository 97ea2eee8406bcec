import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOffer } from '@shop/contracts/offers';
import { screenLoader } from '../../../../app/components/admin/list-page/list-loader';
import { OfferDetailPage } from '../../../../app/components/admin/offers/offer-pages';

// The server, one call at a time: the screen's calls go through these.
const server = vi.hoisted(() => ({ detail: vi.fn(), end: vi.fn(), update: vi.fn() }));
vi.mock('../../../../app/components/admin/offers/offers-api', () => ({
  offersApi: () => server,
}));
vi.mock('../../../../app/lib/auth-session', () => {
  const authed = (call: (client: unknown) => unknown) => call({});
  return { useAuth: () => ({ authed, user: { _id: 'owner-1', role: 'owner' } }) };
});

/** The screen loads, then reloads after the action: on a busy machine that takes a while. */
const slow = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const live: AdminOffer = {
  _id: 'o1',
  name: 'Any 3 panties for ₹999',
  label: '3 for ₹999',
  slug: 'any-3-panties',
  kind: 'bundle_price',
  units: 3,
  bundlePrice: 999,
  freeUnits: null,
  percent: null,
  categoryIds: [],
  subcategoryIds: [],
  tags: ['cotton'],
  productIds: [],
  excludedProductIds: [],
  startsAt: null,
  endsAt: null,
  endedAt: null,
  priority: 0,
  maxGroupsPerOrder: null,
  stacking: 'none',
  stackableCodes: [],
  state: 'active',
  ordersCount: 0,
  createdAt: '2026-11-01T04:30:00.000Z',
  updatedAt: '2026-11-01T04:30:00.000Z',
};

function open() {
  const loader = screenLoader(
    async () => ({
      offer: (await server.detail()) as AdminOffer,
      categories: [],
      subcategories: [],
    }),
    (call) => call({} as never),
  );
  const router = createMemoryRouter(
    [{ path: '/admin/offers/:offerId', loader, element: <OfferDetailPage /> }],
    { initialEntries: ['/admin/offers/o1'] },
  );
  return render(<RouterProvider router={router} />);
}

// A whole form filled and sent takes seconds of jsdom on a busy 2-core machine.
describe('an offer’s screen', { timeout: 20_000 }, () => {
  it('ends a live offer, then shows it ended and read-only', async () => {
    let stored = live;
    server.detail.mockImplementation(async () => stored);
    server.end.mockImplementation(async () => {
      stored = { ...live, state: 'ended', endedAt: '2026-11-02T04:30:00.000Z' };
      return { data: stored, message: 'Offer ended' };
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'End offer' }, slow));
    const said = await screen.findByText('Offer ended: Any 3 panties for ₹999.', {}, slow);
    expect(said.getAttribute('role')).toBe('status');
    await waitFor(
      () => expect(screen.queryByRole('button', { name: 'End offer' })).toBeNull(),
      slow,
    );
    expect(screen.getByText('Ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(server.end).toHaveBeenCalledWith('o1');
  });

  it('keeps an offer held by orders as it is: only End offer', async () => {
    server.detail.mockResolvedValue({ ...live, ordersCount: 2 });
    open();
    expect(await screen.findByText(/2 orders were placed with this offer/, {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End offer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByLabelText('Badge').matches(':disabled')).toBe(true);
    expect((screen.getByLabelText('Tags (optional)') as HTMLInputElement).value).toBe('cotton');
  });
});
