import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewMessages } from '@shop/contracts/reviews';
import { ApiError } from '../../../app/lib/api-client';

const create = vi.fn();
const edit = vi.fn();
vi.mock('../../../app/lib/auth-session', () => ({
  useAuth: () => ({ authed: (call: (api: unknown) => unknown) => call({}) }),
}));
vi.mock('../../../app/components/reviews/reviews-api', () => ({
  reviewsApi: () => ({ create, edit, uploadPhoto: vi.fn() }),
}));

const { WriteReviewDialog } = await import('../../../app/components/reviews/write-review-dialog');

const ITEM = '5b0c2f0e-8a51-4c8e-9d3e-2b7f3a1c9e01';

beforeEach(() => {
  // jsdom has no modal dialogs: opening one just shows it.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  create.mockReset();
  edit.mockReset();
});
afterEach(cleanup);

function open(size = '32C', onSent = vi.fn()) {
  render(
    <WriteReviewDialog
      line={{
        productId: 'p1',
        productName: 'Lace Plunge Bra',
        orderItemId: ITEM,
        orderNumber: 'LB-1001',
        size,
        colorName: 'Black',
      }}
      onClose={() => {}}
      onSent={onSent}
    />,
  );
  return onSent;
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send review' }));

describe('writing a review', () => {
  it('shows the shared schema’s messages for what is missing and sends nothing', async () => {
    open();
    await send();
    expect(await screen.findByText(reviewMessages.ratingInvalid)).toBeTruthy();
    expect(screen.getByText(reviewMessages.textRequired)).toBeTruthy();
    expect(screen.getByText(reviewMessages.recommendRequired)).toBeTruthy();
    expect(screen.getByLabelText('Your review').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(/need attention/);
    expect(create).not.toHaveBeenCalled();
  });

  it('asks for the overall fit when only the band was answered', async () => {
    open();
    await userEvent.click(screen.getByLabelText('4 ★'));
    await userEvent.type(screen.getByLabelText('Your review'), 'Soft lace, stays put.');
    await userEvent.click(screen.getByLabelText('Yes'));
    await userEvent.click(screen.getByLabelText('Tight'));
    await send();
    expect(await screen.findByText(reviewMessages.fitOverallInvalid)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('asks about band and cups for a bra size only', () => {
    open('M');
    expect(screen.queryByRole('group', { name: /The band/ })).toBeNull();
    expect(screen.getByRole('group', { name: /How did it fit/ })).toBeTruthy();
    cleanup();
    open('34DD');
    expect(screen.getByRole('group', { name: /The band/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: /The cups/ })).toBeTruthy();
  });

  it('sends the review with its fit and the Verified buyer choice', async () => {
    create.mockResolvedValue({});
    const onSent = open();
    await userEvent.click(screen.getByLabelText('5 ★'));
    await userEvent.type(screen.getByLabelText(/Title/), 'My new favourite');
    await userEvent.type(screen.getByLabelText('Your review'), 'Fits like it was made for me.');
    await userEvent.click(screen.getByLabelText('No'));
    await userEvent.click(screen.getByLabelText('Yes'));
    await userEvent.click(screen.getByLabelText('True to size'));
    await userEvent.click(screen.getByLabelText('Loose'));
    await userEvent.click(screen.getByLabelText('Verified buyer'));
    await send();
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith('p1', {
      orderItemId: ITEM,
      rating: 5,
      title: 'My new favourite',
      text: 'Fits like it was made for me.',
      recommend: true,
      fit: { overall: 3, band: 'loose', cup: null },
      photos: [],
      anonymous: true,
    });
  });

  it.each([
    [403, reviewMessages.notDeliveredBuyer],
    [409, reviewMessages.alreadyReviewed],
  ])('shows the server’s %i refusal as worded', async (status, message) => {
    create.mockRejectedValue(new ApiError(message, status));
    const onSent = open();
    await userEvent.click(screen.getByLabelText('2 ★'));
    await userEvent.type(screen.getByLabelText('Your review'), 'The wire dug in.');
    await userEvent.click(screen.getByLabelText('No'));
    await send();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send review' })).toBeTruthy();
  });
});

describe('fixing a review the shop sent back', () => {
  it('starts from her review and sends it again without the order line', async () => {
    edit.mockResolvedValue({});
    const onSent = vi.fn();
    render(
      <WriteReviewDialog
        line={{
          productId: 'p1',
          productName: 'Lace Plunge Bra',
          orderItemId: ITEM,
          orderNumber: '',
          size: '32C',
          colorName: '',
        }}
        editing={{
          _id: 'r9',
          productId: 'p1',
          orderItemId: ITEM,
          state: 'rejected',
          rating: 3,
          title: 'Call me',
          text: 'Fits well. Call me on 98765 43210.',
          recommend: true,
          anonymous: false,
          sizeBought: '32C',
          usualSize: null,
          fit: { overall: 3, band: null, cup: 'small' },
          photos: [],
          reasonCode: 'personal_data',
          canEdit: true,
          createdAt: '2026-11-20T06:30:00.000Z',
        }}
        onClose={() => {}}
        onSent={onSent}
      />,
    );
    expect(screen.getByText('Size 32C')).toBeTruthy();
    const text = screen.getByLabelText('Your review') as HTMLTextAreaElement;
    expect(text.value).toBe('Fits well. Call me on 98765 43210.');
    await userEvent.clear(text);
    await userEvent.type(text, 'Fits well.');
    await send();
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(create).not.toHaveBeenCalled();
    expect(edit).toHaveBeenCalledWith('r9', {
      rating: 3,
      title: 'Call me',
      text: 'Fits well.',
      recommend: true,
      fit: { overall: 3, band: null, cup: 'small' },
      photos: [],
      anonymous: false,
    });
  });
});
