// The home page's rules as plain functions: banner links, the carousels' index and wheel
// arithmetic, the featured cache's age and the mosaic's picks. The page itself is checked in
// Chromium (e2e/home.e2e.ts) and the carousels' timing in banner-slider.test.tsx and
// featured-carousel.test.tsx.
import { describe, expect, it } from 'vitest';
import { bannerHref } from '../../../app/components/home/banner-link';
import {
  applyWheel,
  autoRotateAllowed,
  cacheIsFresh,
  canWheelStep,
  cardWidthFor,
  initialWheelState,
  nextIndex,
  previousIndex,
  ringGeometry,
  ringOffset,
  visibleCountFor,
} from '../../../app/components/home/carousel-logic';
import { pickMosaicImages } from '../../../app/components/home/home-data';

describe('banner links (bannerHref)', () => {
  it('opens http and https addresses as they are, in a new tab', () => {
    expect(bannerHref('https://www.instagram.com/')).toEqual({
      href: 'https://www.instagram.com/',
      external: true,
    });
    expect(bannerHref('http://example.com/sale?x=1')).toEqual({
      href: 'http://example.com/sale?x=1',
      external: true,
    });
    expect(bannerHref('HTTPS://EXAMPLE.COM')).toEqual({
      href: 'HTTPS://EXAMPLE.COM',
      external: true,
    });
  });

  it('adds https:// to bare domain-like and www addresses, in a new tab', () => {
    expect(bannerHref('www.lacebloom.in')).toEqual({
      href: 'https://www.lacebloom.in',
      external: true,
    });
    expect(bannerHref('lacebloom.in/sale')).toEqual({
      href: 'https://lacebloom.in/sale',
      external: true,
    });
    expect(bannerHref('shop.example.co.in')).toEqual({
      href: 'https://shop.example.co.in',
      external: true,
    });
  });

  it('treats anything else as a path in the shop, with a leading slash', () => {
    expect(bannerHref('products/sleep-lingerie')).toEqual({
      href: '/products/sleep-lingerie',
      external: false,
    });
    expect(bannerHref('/products/bras')).toEqual({ href: '/products/bras', external: false });
    expect(bannerHref('blogs')).toEqual({ href: '/blogs', external: false });
    expect(bannerHref('')).toEqual({ href: '/', external: false });
    // Never protocol-relative, never a script.
    expect(bannerHref('//evil.example')).toEqual({ href: '/evil.example', external: false });
    expect(bannerHref('javascript:alert(1)').external).toBe(false);
    expect(bannerHref('javascript:alert(1)').href.startsWith('/')).toBe(true);
  });
});

describe('carousel rules', () => {
  it('wraps the banner and auto-rotation index round', () => {
    expect(nextIndex(3, 4)).toBe(0);
    expect(nextIndex(1, 4)).toBe(2);
    expect(previousIndex(0, 4)).toBe(3);
    expect(nextIndex(0, 0)).toBe(0);
  });

  it('steps one card per 100 units of accumulated wheel, without wrapping', () => {
    let step = applyWheel(initialWheelState, 100, 1_000, 0, 5);
    expect(step.index).toBe(1);
    // 50 + 50 within 150 ms adds up to a step.
    step = applyWheel(step.state, 50, 1_050, 1, 5);
    expect(step.index).toBe(1);
    step = applyWheel(step.state, 50, 1_100, 1, 5);
    expect(step.index).toBe(2);
    // After 150 ms of quiet the accumulator starts over.
    step = applyWheel(step.state, 60, 1_200, 2, 5);
    step = applyWheel(step.state, 60, 1_400, 2, 5);
    expect(step.index).toBe(2);
    expect(step.state.accumulated).toBe(60);
    // Backwards, and no wrapping at either end.
    expect(applyWheel(initialWheelState, -100, 0, 2, 5).index).toBe(1);
    expect(applyWheel(initialWheelState, -300, 0, 1, 5).index).toBe(0);
    expect(applyWheel(initialWheelState, 500, 0, 3, 5).index).toBe(4);
    expect(canWheelStep(100, 4, 5)).toBe(false);
    expect(canWheelStep(-100, 0, 5)).toBe(false);
    expect(canWheelStep(100, 0, 5)).toBe(true);
    expect(canWheelStep(0, 2, 5)).toBe(false);
  });

  it('sizes the ring from the visible-count hint and the card width', () => {
    expect(visibleCountFor(1280)).toBe(4);
    expect(visibleCountFor(1024)).toBe(4);
    expect(visibleCountFor(1023)).toBe(3);
    expect(visibleCountFor(768)).toBe(3);
    expect(visibleCountFor(767)).toBe(2);
    expect(cardWidthFor(768)).toBe(140);
    expect(cardWidthFor(769)).toBe(265);
    const ring = ringGeometry(4, 265);
    expect(ring.stepDeg).toBe(30);
    expect(ring.maxOffset).toBe(2);
    // Neighbouring cards do not overlap: the chord between them is at least the card width.
    expect(2 * ring.radius * Math.sin((ring.stepDeg * Math.PI) / 360)).toBeGreaterThanOrEqual(265);
    expect(ringOffset(0, 22, 23)).toBe(1);
    expect(ringOffset(21, 0, 23)).toBe(-2);
    expect(ringOffset(3, 3, 23)).toBe(0);
  });

  it('holds auto-rotation during a manual pause and keeps the cache one hour', () => {
    expect(autoRotateAllowed(1_000, 5_000)).toBe(false);
    expect(autoRotateAllowed(5_000, 5_000)).toBe(true);
    expect(cacheIsFresh(0, 36e5 - 1)).toBe(true);
    expect(cacheIsFresh(0, 36e5)).toBe(false);
    expect(cacheIsFresh(Number.NaN, 0)).toBe(false);
  });

  it('picks 7 mosaic images, one product at a time', () => {
    const product = (name: string, colors: string[][]) => ({
      name,
      images: colors.flat(),
      colors: colors.map((images) => ({ images })),
    });
    const picked = pickMosaicImages(
      [
        product('A', [['a1', 'a2'], ['a3']]),
        product('B', [['b1'], ['b2']]),
        product('C', [['c1']]),
      ],
      7,
    );
    expect(picked.map((image) => image.src)).toEqual(['a1', 'b2', 'c1', 'a3', 'b1', 'a2']);
    expect(picked[1]!.alt).toBe('B');
  });
});
