import type { ReactElement } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../app/lib/api-client';
import {
  screenLoader,
  useScreenData,
} from '../../../../app/components/admin/list-page/list-loader';
import { BannersPage } from '../../../../app/components/admin/banners/banners-page';
import { BlogPostPage } from '../../../../app/components/admin/blog/blog-post-pages';
import { CustomerDetailPage } from '../../../../app/components/admin/customers/customer-detail-page';
import { DashboardPage } from '../../../../app/components/admin/dashboard/dashboard-page';
import { DiscountDetailPage } from '../../../../app/components/admin/discounts/discount-pages';
import { GrievanceDetailPage } from '../../../../app/components/admin/grievances/grievance-detail-page';
import { OrderDetailPage } from '../../../../app/components/admin/order-detail/order-detail-page';
import { PagesListPage } from '../../../../app/components/admin/pages/pages-list-page';
import { ReturnDetailPage } from '../../../../app/components/admin/returns/return-detail-page';

vi.mock('../../../../app/lib/auth-session', () => {
  const authed = (call: (client: unknown) => unknown) => call({});
  return { useAuth: () => ({ authed, user: null }) };
});

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

/** The screen at its route, its loader asking `fetch` (the server) with nothing signed. */
function open(path: string, url: string, element: ReactElement, fetch: () => Promise<unknown>) {
  const loader = screenLoader(fetch, (call) => call({} as never));
  const router = createMemoryRouter([{ path, loader, element }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}

/** The server down, then still down in other words: a second message proves a second load. */
const down = () =>
  vi
    .fn<() => Promise<unknown>>()
    .mockRejectedValueOnce(new ApiError('The server is down', 503))
    .mockRejectedValueOnce(new ApiError('The server is still down', 503));

describe('a back-office screen whose load fails', () => {
  it.each([
    ['the pages list', '/admin/pages', '/admin/pages', <PagesListPage key="pages" />],
    ['the banners', '/admin/banners', '/admin/banners', <BannersPage key="banners" />],
    ['a blog post', '/admin/blog/:postId', '/admin/blog/b1', <BlogPostPage key="post" />],
    [
      'a discount code',
      '/admin/discounts/:discountId',
      '/admin/discounts/d1',
      <DiscountDetailPage key="discount" />,
    ],
    [
      'a return line',
      '/admin/returns/:lineId',
      '/admin/returns/l1',
      <ReturnDetailPage key="return" lineId="l1" />,
    ],
    [
      'a grievance',
      '/admin/grievances/:ticket',
      '/admin/grievances/GRV-1',
      <GrievanceDetailPage key="grievance" />,
    ],
  ])('%s: shows why, and Try Again loads it again', async (_name, path, url, element) => {
    const fetch = down();
    open(path, url, element, fetch);
    expect((await screen.findByRole('alert')).textContent).toContain('The server is down');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByText('The server is still down')).textContent).toBe(
      'The server is still down',
    );
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['an order', '/admin/orders/:orderId', <OrderDetailPage key="order" />, 'Back to orders'],
    [
      'a customer',
      '/admin/customers/:customerId',
      <CustomerDetailPage key="customer" />,
      'Back to customers',
    ],
  ])('%s: says why as the heading, with the way back', async (_name, path, element, back) => {
    open(path, path.replace(/:\w+$/, 'x1'), element, down());
    expect((await screen.findByRole('heading', { name: 'The server is down' })).tagName).toBe('H1');
    expect(screen.getByRole('link', { name: back }).getAttribute('href')).toMatch(/^\/admin\//);
  });

  it('the dashboard: says why where the figures would be', async () => {
    open('/admin', '/admin?range=7d', <DashboardPage />, down());
    expect((await screen.findByRole('alert')).textContent).toBe('The server is down');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});

/** A record screen reloading after an action: quiet keeps the record, else it shows loading. */
function Record({ quiet }: { quiet: boolean }) {
  const { load, reload } = useScreenData<string>({ quiet });
  return (
    <>
      <p role="status">{load.state === 'ready' ? load.data : load.state}</p>
      <button type="button" onClick={reload}>
        Reload
      </button>
    </>
  );
}

describe('a record screen reloading', () => {
  it.each([
    [true, 'Order 1, packed'],
    [false, 'loading'],
  ])('quiet %s: shows %s until the fresh answer comes', async (quiet, meanwhile) => {
    let answer: (value: string) => void = () => {};
    const fetch = vi
      .fn<() => Promise<unknown>>()
      .mockResolvedValueOnce('Order 1, packed')
      .mockImplementationOnce(() => new Promise<string>((resolve) => (answer = resolve)));
    open('/admin/orders/:orderId', '/admin/orders/o1', <Record quiet={quiet} />, fetch);
    expect((await screen.findByText('Order 1, packed')).getAttribute('role')).toBe('status');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('status').textContent).toBe(meanwhile);
    answer('Order 1, shipped');
    expect((await screen.findByText('Order 1, shipped')).textContent).toBe('Order 1, shipped');
  });
});
