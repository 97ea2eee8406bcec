import type { Banner } from '@shop/contracts/content';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowser } from '../../browser-stubs';
import { BannerSlider } from '../../../app/components/home/banner-slider';

const banners: Banner[] = [1, 2, 3, 4].map((n) => ({
  _id: `banner-${n}`,
  name: `Banner ${n}`,
  imageUrl: `/media/banners/desktop-${n}`,
  link: `/products/${n}`,
}));

const current = () =>
  Number(screen.getByTestId('banner-slider-desktop').getAttribute('data-current'));

function renderSlider() {
  render(
    <MemoryRouter>
      <BannerSlider
        variant="desktop"
        state={{ ok: true, data: banners }}
        otherFirstSrc={undefined}
      />
    </MemoryRouter>,
  );
}

describe('banner slider timing (desktop, 1280)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubBrowser({ width: 1280 });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('advances the banner by itself after 5 s, not before, and wraps round', () => {
    renderSlider();
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(4_999));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(1);
    // Each slide re-arms the timer once it shows: 2, 3, then round to the first.
    for (const next of [2, 3, 0]) {
      act(() => vi.advanceTimersByTime(5_000));
      expect(current()).toBe(next);
    }
  });

  it('gives a slide chosen by hand its full 5 s', () => {
    renderSlider();
    act(() => vi.advanceTimersByTime(4_000));
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 3' }));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(4_999));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(3);
  });

  it('holds still while the mouse is over it', () => {
    renderSlider();
    fireEvent.pointerEnter(screen.getByTestId('banner-slider-desktop'), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(0);
  });
});
