import { formatPrice } from '../../lib/format';
import { StarRating } from '../star-rating';
import { CheckBadgeIcon } from '../layout/icons';

export interface Testimonial {
  id: number;
  name: string;
  isVerified: boolean;
  /** 1 to 5. */
  rating: number;
  gender: 'female' | 'male';
  review: string;
  product: string;
  /** Rupees. */
  price: number;
}

/** The brief's 7 static testimonials. */
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

function TestimonialCard({ entry, hidden }: { entry: Testimonial; hidden: boolean }) {
  return (
    <li
      className="flex w-72 shrink-0 flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line md:w-80"
      data-testid={hidden ? undefined : 'testimonial'}
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={`flex h-10 w-10 items-center justify-center rounded-full font-serif text-lg text-white ${entry.gender === 'male' ? 'bg-ink' : 'bg-brand-600'}`}
        >
          {entry.name.charAt(0)}
        </span>
        <div>
          <p className="font-semibold text-ink">{entry.name}</p>
          {entry.isVerified && (
            <p className="flex items-center gap-1 text-xs text-green-800">
              <CheckBadgeIcon width={14} height={14} /> Verified Buyer
            </p>
          )}
        </div>
      </div>
      <div className="mt-3">
        <StarRating value={entry.rating} />
      </div>
      <blockquote className="mt-2 flex-1 text-sm leading-relaxed text-muted">
        &ldquo;{entry.review}&rdquo;
      </blockquote>
      <p className="mt-4 border-t border-line pt-3 text-sm">
        <span className="font-medium text-ink">{entry.product}</span>
        <span className="text-muted"> · {formatPrice(entry.price)}</span>
      </p>
    </li>
  );
}

/** 'Customer Say!': the reviews scroll by as a marquee; two copies make the loop seamless. */
export function Testimonials() {
  return (
    <section
      className="py-12 md:py-16"
      aria-labelledby="testimonials-heading"
      data-section="testimonials"
    >
      <h2
        id="testimonials-heading"
        className="text-center font-serif text-2xl text-ink md:text-4xl"
      >
        Customer Say!
      </h2>
      <div className="group mt-8 overflow-hidden motion-reduce:overflow-x-auto">
        <div className="flex w-max animate-marquee-slow gap-6 pr-6 group-hover:[animation-play-state:paused]">
          <ul className="flex gap-6">
            {testimonials.map((entry) => (
              <TestimonialCard key={entry.id} entry={entry} hidden={false} />
            ))}
          </ul>
          <ul className="flex gap-6" aria-hidden="true">
            {testimonials.map((entry) => (
              <TestimonialCard key={entry.id} entry={entry} hidden />
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
