import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewMessages, type AdminReviewRow } from '@shop/contracts/reviews';
import { ApiError } from '../../../../app/lib/api-client';

const decide = vi.fn();
vi.mock('../../../../app/lib/auth-session', () => ({
  authed: (call: (api: unknown) => unknown) => call({}),
}));
vi.mock('../../../../app/components/admin/reviews/reviews-desk-api', () => ({
  reviewsDeskApi: () => ({ decide }),
}));

const { ReviewsDeskPage } =
  await import('../../../../app/components/admin/reviews/reviews-desk-page');

const review: AdminReviewRow = {
  _id: 'r1',
  state: 'pending',
  product: { _id: 'p1', name: 'Lace Plunge Bra', slug: 'lace-plunge-bra', image: '' },
  author: {
    _id: 'u1',
    displayName: 'Priya S.',
    name: 'Priya Sharma',
    email: 'priya@example.com',
    anonymous: false,
  },
  orderNumber: 'LB-1001',
  rating: 1,
  title: 'Damn wire',
  text: 'The wire poked through after two washes.',
  recommend: false,
  sizeBought: '32C',
  usualSize: null,
  fit: { overall: 2, band: 'tight', cup: null },
  photos: [{ id: 'ph1', url: '/media/uploads/ph1' }],
  flags: ['profanity', 'has_photos'],
  reasonCode: null,
  reply: null,
  helpfulCount: 0,
  createdAt: '2026-11-20T06:30:00.000Z',
  submittedAt: '2026-11-20T06:30:00.000Z',
  decidedAt: null,
};

let loads = 0;
function openDesk() {
  loads = 0;
  const loader = () => {
    loads += 1;
    return {
      query: { state: 'pending', limit: 20 },
      problem: null,
      load: { state: 'ready', data: { reviews: [review], next: null } },
    };
  };
  const router = createMemoryRouter(
    [{ path: '/admin/reviews', loader, element: <ReviewsDeskPage />, HydrateFallback: () => null }],
    { initialEntries: ['/admin/reviews'] },
  );
  render(<RouterProvider router={router} />);
}

async function moderate() {
  const [first] = await screen.findAllByRole('button', { name: /Moderate the review/ });
  await userEvent.click(first!);
  return screen.getByRole('dialog', { name: 'Review of Lace Plunge Bra' });
}

beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  decide.mockReset();
});
afterEach(cleanup);

describe('the moderation desk', () => {
  it('shows the photos and the profanity flag of a waiting review, low rating and all', async () => {
    openDesk();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('Profanity')).toHaveLength(1);
    expect(within(table).getByAltText('Attached to the review (1 of 1)')).toBeTruthy();
    expect(within(table).getByText('Waiting to be read')).toBeTruthy();
    expect(within(table).getByRole('img', { name: 'Rated 1.0 out of 5' })).toBeTruthy();
  });

  it('approves with a public reply, says so and reloads the queue', async () => {
    decide.mockResolvedValue(review);
    openDesk();
    const dialog = await moderate();
    await userEvent.type(within(dialog).getByLabelText(/Reply/), 'Sorry! A new one is on its way.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(decide).toHaveBeenCalledWith('r1', {
        decision: 'approve',
        reply: 'Sorry! A new one is on its way.',
        replyPublic: true,
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Approved: the review is on the product page.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(loads).toBe(2));
  });

  it('asks for a reason before rejecting, then rejects with it and a private reply', async () => {
    decide.mockResolvedValue({ ...review, state: 'rejected' });
    openDesk();
    const dialog = await moderate();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(reviewMessages.reasonRequired)).toBeTruthy();
    expect(decide).not.toHaveBeenCalled();
    await userEvent.selectOptions(within(dialog).getByLabelText(/Reason/), 'personal_data');
    await userEvent.type(within(dialog).getByLabelText(/Reply/), 'Please take out your number.');
    await userEvent.click(within(dialog).getByLabelText('Private, mailed to the author'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(decide).toHaveBeenCalledWith('r1', {
        decision: 'reject',
        reasonCode: 'personal_data',
        reply: 'Please take out your number.',
        replyPublic: false,
      }),
    );
    expect((await screen.findByRole('status')).textContent).toMatch(/mailed to fix it/);
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    decide.mockRejectedValue(new ApiError(reviewMessages.notFound, 404));
    openDesk();
    const dialog = await moderate();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(reviewMessages.notFound);
  });
});
