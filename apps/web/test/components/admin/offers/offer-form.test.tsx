import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, Subcategory } from '@shop/contracts/catalogue';
import type { AdminOffer, OfferForm as Values } from '@shop/contracts/offers';
import { offerMessages } from '@shop/domain/offers';
import { ApiError } from '../../../../app/lib/api-client';
import { OfferForm } from '../../../../app/components/admin/offers/offer-form';

// The server, one call at a time: the form's calls go through these.
const server = vi.hoisted(() => ({ create: vi.fn(), update: vi.fn() }));
vi.mock('../../../../app/components/admin/offers/offers-api', () => ({
  offersApi: () => server,
}));
vi.mock('../../../../app/lib/auth-session', () => {
  const authed = (call: (client: unknown) => unknown) => call({});
  return { useAuth: () => ({ authed }) };
});

const PANTIES = '6f1d2c3b-0a9e-4b8c-9d7e-112233445566';
const categories = [{ _id: PANTIES, name: 'Panties' }] as Category[];
const subcategories = [
  { _id: '7a1d2c3b-0a9e-4b8c-9d7e-112233445566', name: 'Hipsters', category: categories[0] },
] as unknown as Subcategory[];

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

/** Types into a field at once (a paste): typing letter by letter is slow on a busy machine. */
async function fill(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent;

async function fillTheOffer() {
  await fill('Name', 'Any 3 panties for ₹999');
  await fill('Badge', '3 for ₹999');
  await fill('Page address', 'any-3-panties');
}

// A whole form filled and sent takes seconds of jsdom on a busy 2-core machine.
describe('the offer form', { timeout: 20_000 }, () => {
  it('asks for the chosen kind’s own figure, and sends only that kind’s figure', async () => {
    let sent: Values | undefined;
    server.create.mockImplementation(async (values: Values) => {
      sent = values;
      return { data: { _id: 'o1' } as AdminOffer, message: 'Offer created' };
    });
    const saved: string[] = [];
    render(
      <OfferForm
        categories={categories}
        subcategories={subcategories}
        readOnly={false}
        onSaved={(_offer, message) => void saved.push(message)}
      />,
    );
    await fillTheOffer();
    await fill('Pieces in a group (N)', '3');
    // A bundle price without its price, and no products: the domain's rules, on their fields.
    await userEvent.click(screen.getByRole('button', { name: 'Create offer' }));
    await waitFor(() =>
      expect(errorOf('offer-bundle-price')).toBe(offerMessages.bundlePriceRequired),
    );
    expect(screen.getByLabelText('Group price (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(offerMessages.noProducts)).toBeTruthy();
    expect(screen.queryByLabelText('Pieces free (M)')).toBeNull();
    expect(server.create).not.toHaveBeenCalled();

    // The price typed, then the owner switches to buy-get: the price field goes, free pieces come.
    await fill('Group price (₹)', '999');
    await userEvent.click(screen.getByLabelText('Panties'));
    await userEvent.click(screen.getByLabelText('Buy N get M free'));
    expect(screen.queryByLabelText('Group price (₹)')).toBeNull();
    expect(screen.getByLabelText('Pieces bought (N)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(errorOf('offer-free-units')).toBe(offerMessages.freeUnitsRequired));
    expect(server.create).not.toHaveBeenCalled();

    // Back to the bundle: the price typed before is still there and is sent; nothing else is.
    await userEvent.click(screen.getByLabelText('Any N for a price'));
    await userEvent.click(screen.getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(saved).toEqual(['Offer created']));
    expect(sent).toMatchObject({
      name: 'Any 3 panties for ₹999',
      label: '3 for ₹999',
      slug: 'any-3-panties',
      kind: 'bundle_price',
      units: 3,
      bundlePrice: 999,
      freeUnits: null,
      percent: null,
      categoryIds: [PANTIES],
      stacking: 'none',
      stackableCodes: [],
      maxGroupsPerOrder: null,
    });
  });

  it('drops a figure typed for another kind, so a percentage offer is not refused for it', async () => {
    server.create.mockResolvedValue({ data: { _id: 'o2' }, message: 'Offer created' });
    render(
      <OfferForm categories={categories} subcategories={[]} readOnly={false} onSaved={() => {}} />,
    );
    await fillTheOffer();
    await fill('Pieces in a group (N)', '2');
    await fill('Group price (₹)', '999');
    await fill('Tags (optional)', 'cotton, lace');
    await userEvent.click(screen.getByLabelText('A percentage off one piece in N'));
    await fill('Percent off (%)', '50');
    await userEvent.click(screen.getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(server.create).toHaveBeenCalledTimes(1));
    expect(server.create.mock.calls[0]?.[0]).toMatchObject({
      kind: 'nth_percent',
      units: 2,
      percent: 50,
      bundlePrice: null,
      tags: ['cotton', 'lace'],
    });
  });

  it('lists the codes that may stack only when the offer lets listed codes stack', async () => {
    server.create.mockResolvedValue({ data: { _id: 'o3' }, message: 'Offer created' });
    render(
      <OfferForm categories={categories} subcategories={[]} readOnly={false} onSaved={() => {}} />,
    );
    await fillTheOffer();
    await fill('Pieces in a group (N)', '3');
    await fill('Group price (₹)', '999');
    await userEvent.click(screen.getByLabelText('Panties'));
    expect(screen.queryByLabelText('Codes that may stack')).toBeNull();
    await userEvent.click(screen.getByLabelText('Only the codes listed'));
    await userEvent.click(screen.getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(errorOf('offer-codes')).toBe(offerMessages.listedNeedsCodes));
    await fill('Codes that may stack', 'new10, festive20');
    await userEvent.click(screen.getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(server.create).toHaveBeenCalledTimes(1));
    expect(server.create.mock.calls[0]?.[0]).toMatchObject({
      stacking: 'listed',
      stackableCodes: ['NEW10', 'FESTIVE20'],
    });
  });

  it('shows the server’s refusal on the field it names', async () => {
    server.create.mockRejectedValue(
      new ApiError(offerMessages.slugTaken('any-3-panties'), 409, 'slug'),
    );
    render(
      <OfferForm categories={categories} subcategories={[]} readOnly={false} onSaved={() => {}} />,
    );
    await fillTheOffer();
    await fill('Pieces in a group (N)', '3');
    await fill('Group price (₹)', '999');
    await userEvent.click(screen.getByLabelText('Panties'));
    await userEvent.click(screen.getByRole('button', { name: 'Create offer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      offerMessages.slugTaken('any-3-panties'),
    );
    expect(screen.getByLabelText('Page address').getAttribute('aria-invalid')).toBe('true');
  });
});
