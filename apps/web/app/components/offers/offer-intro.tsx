import type { OfferScope } from '../listing/listing-loader.server';

const endsFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** The offer page's lead: the badge's words, and until when the offer runs (in India's time). */
export function OfferIntro({ offer }: { offer: OfferScope }) {
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <span className="rounded-full bg-brand-100 px-3 py-1 font-semibold text-brand-800">
        {offer.label}
      </span>
      <span className="text-muted">
        {offer.endsAt ? `Until ${endsFormat.format(new Date(offer.endsAt))}` : 'While it lasts'} ·
        mix any eligible pieces; the bag applies the offer at its best.
      </span>
    </p>
  );
}
