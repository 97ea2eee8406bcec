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
export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
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
