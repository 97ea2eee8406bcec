import type { Tracking } from '@shop/contracts/shipping';

/**
 * '26 Nov, 3:45 pm': when a parcel's scan happened, in India's time (the shop delivers only in
 * India), so the server's page and the browser's agree whatever their clocks' zones.
 */
const scanTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/**
 * The parcel of an order: courier, AWB, the courier's tracking link and each scan, newest first
 * (the line a shopper looks for is where it is now).
 */
export function TrackingTimeline({
  tracking,
  linkToCourier = true,
}: {
  tracking: Tracking;
  /** Off on the tracking page itself, which is where the link goes. */
  linkToCourier?: boolean;
}) {
  const events = [...tracking.events].reverse();
  return (
    <section aria-labelledby="tracking-title" className="mt-4 border-t border-line pt-3 text-sm">
      <h3 id="tracking-title" className="font-medium">
        Tracking
      </h3>
      {tracking.awb && (
        <p className="mt-1 text-muted">
          {tracking.courier ?? 'Courier'} · AWB <span className="font-mono">{tracking.awb}</span>
        </p>
      )}
      {linkToCourier && tracking.trackingUrl && (
        <a
          href={tracking.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-block font-medium text-brand-700 underline underline-offset-2"
        >
          Track on the courier’s site
        </a>
      )}
      {events.length > 0 ? (
        <ol className="mt-3 space-y-3 border-l-2 border-line pl-4">
          {events.map((event, index) => (
            <li key={`${index}-${event.status}`} className="relative">
              <span
                aria-hidden="true"
                className={`absolute -left-[1.4rem] top-1 h-3 w-3 rounded-full ${
                  index === 0 ? 'bg-brand-600' : 'bg-line'
                }`}
              />
              <p className={index === 0 ? 'font-medium' : ''}>{event.label}</p>
              <p className="text-xs text-muted">
                <time dateTime={event.at}>{scanTime.format(new Date(event.at))}</time>
                {event.location ? ` · ${event.location}` : ''}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-muted">The courier is preparing your parcel.</p>
      )}
    </section>
  );
}
