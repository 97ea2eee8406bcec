import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OpenedTicket } from '../../../app/components/legal/grievance-status';

const clock = { dueAt: '2026-03-16T10:00:00.000Z', doneAt: null, state: 'due' as const };

describe('a grievance opened through its status link', () => {
  it('shows its subject, replies and resolution as text: a link typed into them is no link', () => {
    const html = renderToStaticMarkup(
      <OpenedTicket
        found={{
          ticket: 'GRV-2026-000123',
          status: 'resolved',
          category: 'delivery',
          subject: 'Refund waiting at https://evil.example/claim',
          createdAt: '2026-03-14T10:00:00.000Z',
          acknowledgedAt: '2026-03-14T12:00:00.000Z',
          resolvedAt: '2026-03-15T10:00:00.000Z',
          resolution: 'Refunded; details at www.evil.example',
          clocks: { acknowledge: clock, resolve: clock },
          replies: [{ at: '2026-03-14T12:00:00.000Z', text: 'See <a href="x">this</a>' }],
        }}
      />,
    );
    expect(html).toContain('Ticket GRV-2026-000123');
    expect(html).toContain('Refund waiting at https://evil.example/claim');
    expect(html).toContain('Refunded; details at www.evil.example');
    expect(html).toContain('See &lt;a href=&quot;x&quot;&gt;this&lt;/a&gt;');
    expect(html).not.toContain('<a');
    expect(html).toContain('data-testid="grievance-state"');
  });
});
