import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '../../../app/components/product-card';
import { OfferBadge } from '../../../app/components/offers/offer-badge';

// The heart needs the shopper's stores; the badge is what is tested here.
vi.mock('../../../app/components/wishlist/wishlist-heart', () => ({ WishlistHeart: () => null }));

afterEach(cleanup);

const panty = {
  _id: 'p1',
  name: 'Cotton Hipster',
  price: 449,
  originalPrice: null,
  images: ['/uploads/hipster.jpg'],
  imageAlts: ['Cotton Hipster'],
  subcategoryName: 'Hipsters',
  categoryName: 'Panties',
  inStock: true,
};

const offer = { id: 'o1', label: '3 for ₹999', slug: 'any-3-panties' };

describe('the offer badge', () => {
  it('sits on a product card as its own link to the offer’s page, not inside the card’s link', () => {
    render(
      <MemoryRouter>
        <ProductCard product={{ ...panty, offer }} />
      </MemoryRouter>,
    );
    const badge = screen.getByRole('link', { name: 'Offer: 3 for ₹999' });
    expect(badge.textContent).toBe('3 for ₹999');
    expect(badge.getAttribute('href')).toBe('/offers/any-3-panties');
    const card = screen.getByTestId('product-card');
    expect(card.getAttribute('href')).toBe('/product/p1');
    expect(within(card).queryByTestId('offer-badge')).toBeNull();
  });

  it('shows nothing for a product in no offer, or a card answer without the field', () => {
    render(
      <MemoryRouter>
        <ProductCard product={{ ...panty, offer: null }} />
        <ProductCard product={{ ...panty, _id: 'p2' }} />
        <OfferBadge offer={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('offer-badge')).toBeNull();
  });
});
