/**
 * The demo shop's reviews: each seed product's star counts become reviews written as a shopper
 * would (a name shown as 'Priya S.', a size from the product's own sizes, a fit answer for bras),
 * so the demo keeps its stars and the product page has reviews to show and filter by size.
 */
import type { DemoReview } from '../../features/reviews/reviews.service.ts';
import type { SeedProduct } from './seed-types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const AUTHORS = [
  'Priya S.',
  'Ananya R.',
  'Kavya M.',
  'Meera I.',
  'Sneha P.',
  'Divya K.',
  'Aisha N.',
  'Pooja G.',
  'Ritu B.',
  'Lakshmi V.',
  'Verified buyer',
  'Neha D.',
  'Shreya T.',
];

/** Words by star count: what women say of a piece they kept, liked less, or sent back. */
const WORDS: Record<number, { title: string; text: string }[]> = {
  5: [
    {
      title: 'My new everyday favourite',
      text: 'Soft, stays in place all day and washes well. Ordered my usual size and it fits perfectly.',
    },
    {
      title: 'Lovely fabric',
      text: 'Feels premium for the price and is comfortable even in the heat. Buying another colour.',
    },
    {
      title: 'Fits like it was made for me',
      text: 'No digging, no gaping. The size guide was spot on.',
    },
  ],
  4: [
    {
      title: 'Comfortable, good value',
      text: 'Very comfortable for long days. The colour is a shade lighter than the photos.',
    },
    {
      title: 'Nice, almost perfect',
      text: 'Good support and finish. Took a couple of wears to settle in.',
    },
  ],
  3: [
    { title: 'Okay', text: 'Decent for the price, but the fabric feels thinner than I expected.' },
  ],
  2: [
    {
      title: 'Not for me',
      text: 'The fit was off for my shape and I had to exchange it for another size.',
    },
  ],
  1: [{ title: 'Disappointed', text: 'The stitching came loose after a few washes.' }],
};

/** The demo reviews of one seed product, from its star counts, dated after it came to the shop. */
export function demoReviewsOf(product: SeedProduct, now: Date): DemoReview[] {
  const sizes = product.colors[0]?.sizeStock.map((entry) => entry.size) ?? ['Free Size'];
  const bra = product.garment === 'bra';
  return product.ratings.map((rating, index) => {
    const words = WORDS[rating]!;
    const { title, text } = words[index % words.length]!;
    // Most bras fit true to size; a few run small (a 2) and fewer large (a 4).
    const overall = index % 7 === 3 ? 2 : index % 11 === 5 ? 4 : 3;
    const daysAgo = Math.max(
      1,
      Math.round(product.createdDaysAgo * ((index + 1) / (product.ratings.length + 1))),
    );
    return {
      author: AUTHORS[index % AUTHORS.length]!,
      sizeBought: sizes[(index * 3) % sizes.length]!,
      createdAt: new Date(now.getTime() - daysAgo * DAY_MS),
      rating,
      title,
      text,
      recommend: rating >= 4,
      anonymous: false,
      photos: [],
      fit: bra
        ? {
            overall,
            band: overall === 2 ? 'tight' : overall === 4 ? 'loose' : 'right',
            cup: index % 5 === 2 ? 'small' : 'right',
          }
        : null,
    };
  });
}
