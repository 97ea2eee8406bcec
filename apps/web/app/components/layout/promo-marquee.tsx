const messages = [
  'Introductory offer: flat 10% off your first order with code NEW10',
  'Free shipping on every order across India',
  'Easy 3-day exchanges on eligible items',
  'Use code NEW10 for a flat 10% off',
];

/** The header's scrolling promotion. Two copies make the loop seamless. */
export function PromoMarquee() {
  return (
    <div
      className="overflow-hidden bg-brand-700 text-xs font-medium tracking-wide text-white"
      role="region"
      aria-label="Offers"
    >
      <p className="sr-only">Introductory offer: flat 10% off your first order with code NEW10.</p>
      <div
        className="flex w-max animate-marquee gap-12 py-2 hover:[animation-play-state:paused]"
        aria-hidden="true"
      >
        {[...messages, ...messages].map((message, index) => (
          <span key={index} className="whitespace-nowrap">
            ♥ {message}
          </span>
        ))}
      </div>
    </div>
  );
}
