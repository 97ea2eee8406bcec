import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductGallery } from '../../../app/components/product/product-gallery';

const pictures = (count: number) =>
  Array.from({ length: count }, (_, index) => `/media/products/rosewood-${index + 1}.jpg`);

/** The picture the main image shows, without its width query. */
const shown = () =>
  (screen.getByTestId('gallery-image').getAttribute('src') ?? '').replace(/\?.*$/, '');
const thumbnails = () => screen.getAllByTestId('gallery-thumbnail');
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('the product gallery', () => {
  afterEach(cleanup);

  it('pages through the pictures with arrows that wrap round, and at most four thumbnails', () => {
    const images = pictures(3);
    render(<ProductGallery images={images} productName="Rosewood Lace Bra" />);
    expect(thumbnails()).toHaveLength(3);
    expect(screen.queryByTestId('gallery-more')).toBeNull();
    expect(shown()).toBe(images[0]);

    click('Previous image');
    expect(shown()).toBe(images[2]);
    expect(screen.getByTestId('gallery-position').textContent).toBe('3 / 3');
    click('Next image');
    expect(shown()).toBe(images[0]);
    click('Next image');
    expect(shown()).toBe(images[1]);

    fireEvent.click(thumbnails()[2]!);
    expect(shown()).toBe(images[2]);
    expect(thumbnails()[2]!.getAttribute('aria-current')).toBe('true');
    expect(thumbnails()[1]!.getAttribute('aria-current')).toBeNull();
  });

  it("shows '+N' on the fourth thumbnail of more than four pictures, standing for the rest", () => {
    const images = pictures(6);
    render(<ProductGallery images={images} productName="Rosewood Lace Bra" />);
    expect(thumbnails()).toHaveLength(4);
    const tile = thumbnails()[3]!;
    expect(screen.getByTestId('gallery-more').textContent).toBe('+2');
    expect(tile.getAttribute('aria-label')).toBe('Show image 4 of 6 (2 more)');

    fireEvent.click(tile);
    expect(shown()).toBe(images[3]);
    expect(tile.getAttribute('aria-current')).toBe('true');
    click('Next image');
    expect(shown()).toBe(images[4]);
    expect(thumbnails()[3]!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('gallery-position').textContent).toBe('5 / 6');
  });
});
