import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductGrid } from '../../../app/components/listing/product-grid';

vi.mock('../../../app/components/wishlist/wishlist-heart', () => ({ WishlistHeart: () => null }));
afterEach(cleanup);

const product = {
  _id: 'p1',
  name: 'Rosewood Lace Bra',
  price: 1299,
  originalPrice: null,
  images: ['/media/products/rosewood-1.jpg'],
  imageAlts: ['Rosewood Lace Bra'],
  subcategoryName: 'T-shirt bras',
  categoryName: 'Bras',
  inStock: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  offer: null,
};

function renderCard(sizeMatch?: { size: string; sister: boolean }) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <ProductGrid products={[{ ...product, ...(sizeMatch ? { sizeMatch } : {}) }]} />
      ),
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

describe('a listing card filtered by her size', () => {
  it('says whether it is her size or a sister size', () => {
    renderCard({ size: '32C', sister: false });
    expect(screen.getByTestId('size-match').textContent).toBe('In your size');
    cleanup();
    renderCard({ size: '34B', sister: true });
    expect(screen.getByTestId('size-match').textContent).toBe('In your sister size 34B');
    cleanup();
    renderCard();
    expect(screen.queryByTestId('size-match')).toBeNull();
  });
});
