// The grievance lookups through a real server process over HTTP: a burst walking ticket numbers
// with one shopper's email is refused past the per-email allowance, while the status link in
// the mail the process sent still opens her ticket with its text.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grievanceLimits } from '../src/features/grievances/grievances.service.ts';
import { lastMailTo } from './outbox.ts';
import { call, startShop, stopShop, until, type ShopProcess } from './shop-processes.ts';

let shop: ShopProcess;

beforeAll(async () => {
  // The embedded database; no demo data is needed.
  shop = await startShop('grievance-lookups', '', { SEED_DEMO: '' });
}, 120_000);
afterAll(async () => {
  if (shop) await stopShop(shop);
});

describe('grievance lookups on a server process', { timeout: 120_000 }, () => {
  it('refuses a burst walking ticket numbers with one email; her status link still opens', async () => {
    const email = 'walked.over.http@example.in';
    const filed = await call(shop, 'POST', '/api/grievances', {
      body: {
        name: 'Meera Iyer',
        email,
        category: 'delivery',
        subject: 'Parcel marked delivered but not received',
        description: 'The tracking says delivered on Monday but nothing reached my flat.',
      },
    });
    expect(filed.status).toBe(201);
    const ticket = filed.body.data.ticket as string;

    const limit = grievanceLimits.lookupsPerEmail.limit;
    const answers = await Promise.all(
      Array.from({ length: limit + 5 }, (_, index) =>
        call(
          shop,
          'GET',
          `/api/grievances/GRV-2026-${String(800_000 + index).padStart(6, '0')}?email=${encodeURIComponent(email)}`,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(answers.find((answer) => answer.status === 429)!.body.message).toBe(
      grievanceLimits.lookupsPerEmail.message,
    );

    // The mail the process wrote carries the link; its token opens the ticket with its text.
    const outboxDir = join(shop.dataDir, 'outbox');
    await until('the grievance mail is sent', async () =>
      Boolean(await lastMailTo(outboxDir, email, /We received your grievance/)),
    );
    const mail = await lastMailTo(outboxDir, email, /We received your grievance/);
    const token = /\/grievance\/status\?ticket=[A-Z0-9-]+&token=([A-Za-z0-9_-]+)/.exec(
      mail!.text,
    )?.[1];
    expect(token).toBeDefined();
    const opened = await call(shop, 'POST', `/api/grievances/${ticket}/status`, {
      body: { token },
    });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      ticket,
      subject: 'Parcel marked delivered but not received',
    });
  });
});
