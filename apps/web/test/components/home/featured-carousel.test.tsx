import type { FeaturedCard } from '@shop/contracts/catalogue';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowser } from '../../browser-stubs';
import { FeaturedCarousel } from '../../../app/components/home/featured-carousel';
import { writeFeaturedCache } from '../../../app/components/home/featured-data';

// The carousel leaves out what is in the cart or wishlist: both empty here.
vi.mock('../../../app/lib/cart-store', () => ({ useCart: () => ({ cart: null }) }));
vi.mock('../../../app/lib/wishlist-store', () => ({ useWishlist: () => ({ has: () => false }) }));

const cards: FeaturedCard[] = [1, 2, 3, 4, 5].map((n) => ({
  _id: `product-${n}`,
  name: `Product ${n}`,
  image: `/media/products/${n}`,
  price: 999,
  originalPrice: null,
  label: `Subcategory ${n}`,
}));

const current = () =>
  Number(
    screen
      .getByRole('heading', { name: 'FEATURED PRODUCTS' })
      .closest('section')!
      .getAttribute('data-current'),
  );

async function renderCarousel() {
  // Cards come from the hour-long cache, so nothing is fetched.
  writeFeaturedCache(cards, Date.now());
  render(
    <MemoryRouter>
      <FeaturedCarousel />
    </MemoryRouter>,
  );
  await act(async () => {});
  expect(screen.getAllByTestId('featured-card').length).toBeGreaterThan(0);
}

describe('FEATURED PRODUCTS timing (phone, 375)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubBrowser({ width: 375 });
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('rotates every 3 s', async () => {
    await renderCarousel();
    const before = current();
    act(() => vi.advanceTimersByTime(2_999));
    expect(current()).toBe(before);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(before + 1);
    act(() => vi.advanceTimersByTime(3_000));
    expect(current()).toBe(before + 2);
  });

  it('pauses 5 s after an arrow press, then rotates again', async () => {
    await renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Next featured product' }));
    const afterTap = current();
    expect(afterTap).toBe(1);
    // Two 3 s ticks fall inside the pause (at 3 s and, just before its end, not yet past 5 s).
    act(() => vi.advanceTimersByTime(4_000));
    expect(current()).toBe(afterTap);
    // The tick at 6 s is the first after the pause.
    act(() => vi.advanceTimersByTime(2_000));
    expect(current()).toBe(afterTap + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Previous featured product' }));
    expect(current()).toBe(afterTap);
  });
});

describe('FEATURED PRODUCTS wheel (desktop, 1280)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubBrowser({ width: 1280 });
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const wheel = (deltaY: number) =>
    act(() => {
      screen
        .getByRole('heading', { name: 'FEATURED PRODUCTS' })
        .closest('section')!
        .dispatchEvent(new WheelEvent('wheel', { deltaY, bubbles: true, cancelable: true }));
    });

  it('adds two 50s in quick succession up to one step, and not two 50s 200 ms apart', async () => {
    await renderCarousel();
    // The mouse over the ring holds auto-rotation, as a shopper's pointer does.
    fireEvent.pointerEnter(
      screen.getByRole('heading', { name: 'FEATURED PRODUCTS' }).closest('section')!,
      {
        pointerType: 'mouse',
      },
    );
    wheel(50);
    wheel(50);
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(200));
    wheel(50);
    act(() => vi.advanceTimersByTime(200));
    wheel(50);
    expect(current()).toBe(1);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
  });
});
