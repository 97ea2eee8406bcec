import type { Testimonial } from './testimonials';

/**
 * The home page's 7 fixed testimonials. Server-only: they reach the page through its loader, in
 * the HTML, rather than in the page's script (which every visitor downloads and parses).
 */
export const testimonials: Testimonial[] = [
  {
    id: 1,
    name: 'Priya Sharma',
    isVerified: true,
    rating: 5,
    gender: 'female',
    review:
      'Finally a T-shirt bra that does not show lines under my office kurtas. The lace is soft, the band stays put all day, and 32C fits exactly like the size chart said.',
    product: 'Everyday Lace T-Shirt Bra',
    price: 1299,
  },
  {
    id: 2,
    name: 'Ananya Iyer',
    isVerified: true,
    rating: 5,
    gender: 'female',
    review:
      'Bought the cotton pyjama set for Chennai summers and it is so breathable. Washed it five times already and the colour has not faded at all.',
    product: 'Cotton Poplin Pyjama Set',
    price: 1799,
  },
  {
    id: 3,
    name: 'Rohan Mehta',
    isVerified: true,
    rating: 4,
    gender: 'male',
    review:
      'Ordered a satin robe as an anniversary gift for my wife. It arrived well packed in four days and she loves it. Took one star off only because I had to exchange the size.',
    product: 'Satin Kimono Robe',
    price: 1899,
  },
  {
    id: 4,
    name: 'Sneha Reddy',
    isVerified: true,
    rating: 5,
    gender: 'female',
    review:
      'The sports bra holds up through my morning runs and yoga without any bounce, and the racerback does not dig into my shoulders. Already ordered a second one in black.',
    product: 'High-Impact Racerback Sports Bra',
    price: 1699,
  },
  {
    id: 5,
    name: 'Kavya Nair',
    isVerified: false,
    rating: 4,
    gender: 'female',
    review:
      'The hipsters pack is super comfortable and the waistband does not roll down. Would love a few more prints, but the quality is far better than what I used to buy.',
    product: 'Cotton Comfort Hipster (Pack of 3)',
    price: 599,
  },
  {
    id: 6,
    name: 'Meera Joshi',
    isVerified: true,
    rating: 5,
    gender: 'female',
    review:
      'I was nervous buying a padded bra online, but the fit guide on the blog helped me measure at home. It fits perfectly and gives a lovely shape under sarees.',
    product: 'Everyday Padded Wirefree Bra',
    price: 799,
  },
  {
    id: 7,
    name: 'Aisha Khan',
    isVerified: true,
    rating: 5,
    gender: 'female',
    review:
      'The body mist smells fresh without being overpowering and lasts through my whole Mumbai local commute. Rose and oud is my new signature, and the bottle looks lovely on my dresser.',
    product: 'Rose & Oud Body Mist',
    price: 599,
  },
];
