import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TrackingTimeline } from '../../../app/components/orders/tracking-timeline';

describe("an order's tracking", () => {
  it('names the courier and AWB, links to the courier, and lists the scans newest first', () => {
    const html = renderToStaticMarkup(
      <TrackingTimeline
        tracking={{
          courier: 'Xpressbees Surface',
          awb: '141123221084922',
          trackingUrl: 'https://shiprocket.co/tracking/141123221084922',
          events: [
            { status: 'booked', label: 'Shipment booked', at: '2026-11-20T04:30:00.000Z' },
            {
              status: 'in_transit',
              label: 'In transit',
              at: '2026-11-21T09:00:00.000Z',
              location: 'Bengaluru hub',
            },
          ],
        }}
      />,
    );
    expect(html).toContain('Xpressbees Surface · AWB');
    expect(html).toContain('141123221084922');
    expect(html).toContain('href="https://shiprocket.co/tracking/141123221084922"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html.indexOf('In transit')).toBeLessThan(html.indexOf('Shipment booked'));
    expect(html).toContain('Bengaluru hub');
    // 09:00 UTC is 2:30 pm in India, wherever the page is drawn.
    expect(html).toMatch(/21 Nov, 2:30\s?pm/i);
    expect(html).toContain('dateTime="2026-11-21T09:00:00.000Z"');
  });

  it('says the parcel is being prepared before the courier has scanned it', () => {
    const html = renderToStaticMarkup(
      <TrackingTimeline tracking={{ courier: null, awb: null, trackingUrl: null, events: [] }} />,
    );
    expect(html).toContain('The courier is preparing your parcel.');
    expect(html).not.toContain('<a');
  });
});
