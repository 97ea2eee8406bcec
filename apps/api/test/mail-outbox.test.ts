import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Mailer, MailMessage } from '../src/adapters/mail/mailer.ts';
import { queryRows } from '../src/db/client.ts';
import { createMailOutbox } from '../src/features/mail/mail-outbox.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

const PAID_ORDER = '00000000-0000-4000-8000-000000000001';
const BROKEN_ORDER = '00000000-0000-4000-8000-000000000002';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(async () => {
  await world?.close();
});

const mail = (to: string): MailMessage => ({
  to,
  subject: 'Your order',
  text: 'Thank you',
  html: '<p>Thank you</p>',
});

describe('mail outbox', () => {
  it('marks the mails it sent, and keeps the one the mail server refused for a later attempt', async () => {
    const { db } = world.database;
    const delivered: string[] = [];
    const mailer: Mailer = {
      async send(message) {
        if (message.to === 'refused@example.in') throw new Error('mailbox unavailable');
        delivered.push(message.to);
      },
    };
    const outbox = createMailOutbox(db, mailer, () => {}, {});
    for (const to of ['asha@example.in', 'refused@example.in', 'meera@example.in']) {
      await outbox.enqueue(db, mail(to));
    }

    expect(await outbox.deliver()).toBe(3);
    expect(delivered.sort()).toEqual(['asha@example.in', 'meera@example.in']);
    const rows = await queryRows<{ recipient: string; sent: boolean; attempts: number }>(
      db,
      sql`select recipient, sent_at is not null as sent, attempts from mail_outbox
          where recipient like '%@example.in' order by recipient`,
    );
    expect(rows).toEqual([
      { recipient: 'asha@example.in', sent: true, attempts: 1 },
      { recipient: 'meera@example.in', sent: true, attempts: 1 },
      { recipient: 'refused@example.in', sent: false, attempts: 1 },
    ]);
    // The refused mail waits for its next attempt; nothing else is due.
    expect(await outbox.deliver()).toBe(0);
  });

  it('keeps going when the database refuses to mark mails sent: logged, never thrown', async () => {
    const { db } = world.database;
    const delivered: string[] = [];
    const logged: string[] = [];
    // The database as the outbox sees it, refusing every update after the claim.
    const refusingUpdates = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'update') {
          return () => {
            throw new Error('database unavailable');
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const outbox = createMailOutbox(
      refusingUpdates,
      { send: async (message) => void delivered.push(message.to) },
      (_error, message) => logged.push(message),
      {},
    );
    await outbox.enqueue(db, mail('kavya@example.in'));
    await expect(outbox.deliver()).resolves.toBe(1);
    expect(delivered).toEqual(['kavya@example.in']);
    expect(logged).toEqual(['could not mark 1 delivered mails sent; they may be sent again']);
  });

  it('writes a mail queued as a template and its data when it delivers it; an unknown template waits', async () => {
    const { db } = world.database;
    const delivered: MailMessage[] = [];
    const logged: string[] = [];
    const outbox = createMailOutbox(
      db,
      { send: async (message) => void delivered.push(message) },
      (_error, message) => logged.push(message),
      {
        greeting: (data) => mail(`${(data as { name: string }).name}@example.in`),
      },
    );
    // As a database function queues it (settle_payment queues the order confirmation so).
    await db.execute(
      sql`insert into mail_outbox (template, data) values
          ('greeting', '{"name": "priya"}'::jsonb), ('no_such_template', '{}'::jsonb),
          ('constructor', '{}'::jsonb)`,
    );

    expect(await outbox.deliver()).toBe(3);
    expect(delivered).toEqual([mail('priya@example.in')]);
    expect(logged.sort()).toEqual([
      'could not send "constructor"; will retry',
      'could not send "no_such_template"; will retry',
    ]);
    const rows = await queryRows<{ template: string; sent: boolean; attempts: number }>(
      db,
      sql`select template, sent_at is not null as sent, attempts from mail_outbox
          where template is not null order by template`,
    );
    expect(rows).toEqual([
      { template: 'constructor', sent: false, attempts: 1 },
      { template: 'greeting', sent: true, attempts: 1 },
      { template: 'no_such_template', sent: false, attempts: 1 },
    ]);
  });

  it("attaches the named order's invoice when it delivers; one it cannot get leaves the mail without it", async () => {
    const { db } = world.database;
    const delivered: MailMessage[] = [];
    const logged: string[] = [];
    const pdf = new Uint8Array([37, 80, 68, 70]);
    const outbox = createMailOutbox(
      db,
      { send: async (message) => void delivered.push(message) },
      (_error, message) => logged.push(message),
      {},
      async (orderId) => {
        if (orderId === BROKEN_ORDER) throw new Error('no HSN code');
        return { filename: 'LB_26-27_000001.pdf', contentType: 'application/pdf', content: pdf };
      },
    );
    await outbox.enqueue(db, mail('asha@example.in'), { invoiceOf: PAID_ORDER });
    await outbox.enqueue(db, mail('neha@example.in'), { invoiceOf: BROKEN_ORDER });
    await outbox.enqueue(db, mail('ritu@example.in'));
    expect(await outbox.deliver()).toBe(3);
    const byRecipient = new Map(delivered.map((message) => [message.to, message]));
    expect(byRecipient.get('asha@example.in')?.attachments).toEqual([
      { filename: 'LB_26-27_000001.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    expect(byRecipient.get('neha@example.in')?.attachments).toBeUndefined();
    expect(byRecipient.get('ritu@example.in')?.attachments).toBeUndefined();
    expect(logged).toEqual([
      `could not attach the invoice of order ${BROKEN_ORDER}; sent without it`,
    ]);
  });

  it('keeps of a delivered mail only its recipient, template, times and provider id', async () => {
    const { db } = world.database;
    const outbox = createMailOutbox(
      db,
      { send: async (message) => ({ messageId: `<${message.to}.1@lacebloom.in>` }) },
      () => {},
      { greeting: (data) => mail(`${(data as { name: string }).name}@kept.example.in`) },
    );
    await outbox.enqueue(db, mail('written@kept.example.in'));
    await db.execute(
      sql`insert into mail_outbox (template, data) values ('greeting', '{"name": "lakshmi"}'::jsonb)`,
    );
    await outbox.deliver();
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select recipient, template, subject, text, html, data, provider_message_id as "messageId",
                 sent_at is not null as sent, created_at is not null as created
          from mail_outbox where recipient like '%@kept.example.in' order by recipient`,
    );
    const kept = { subject: null, text: null, html: null, data: null, sent: true, created: true };
    expect(rows).toEqual([
      {
        ...kept,
        recipient: 'lakshmi@kept.example.in',
        template: 'greeting',
        messageId: '<lakshmi@kept.example.in.1@lacebloom.in>',
      },
      {
        ...kept,
        recipient: 'written@kept.example.in',
        template: null,
        messageId: '<written@kept.example.in.1@lacebloom.in>',
      },
    ]);
  });

  it('clears what delivered mails still hold, and deletes them (and mails that failed every attempt) after the retention days', async () => {
    const { db } = world.database;
    const outbox = createMailOutbox(db, { send: async () => {} }, () => {}, {});
    // As an older release left them: delivered rows with their content, and a mail given up on.
    await db.execute(
      sql`insert into mail_outbox (recipient, subject, text, html, sent_at, attempts, created_at) values
          ('old@sweep.example.in', 'Hi', 'Grievance text', '<p>Grievance</p>',
           now() - interval '91 days', 1, now() - interval '91 days'),
          ('recent@sweep.example.in', 'Hi', 'Grievance text', '<p>Grievance</p>',
           now() - interval '89 days', 1, now() - interval '89 days')`,
    );
    await db.execute(
      sql`insert into mail_outbox (template, data, sent_at, attempts, created_at) values
          ('cod_code', '{"recipient": {"email": "cod@sweep.example.in"}, "code": "123456"}'::jsonb,
           now() - interval '1 day', 1, now() - interval '1 day')`,
    );
    await db.execute(
      sql`insert into mail_outbox (recipient, subject, text, html, attempts, created_at, next_attempt_at)
          values
          ('given-up@sweep.example.in', 'Hi', 'Text', '<p>Text</p>', 10,
           now() - interval '91 days', now() - interval '91 days'),
          ('waiting@sweep.example.in', 'Hi', 'Text', '<p>Text</p>', 3,
           now() - interval '91 days', now() + interval '1 day')`,
    );

    expect(await outbox.forgetDelivered(90)).toBe(4);
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select recipient, template, subject, text, html, data from mail_outbox
          where recipient like '%@sweep.example.in' order by recipient`,
    );
    const cleared = { subject: null, text: null, html: null, data: null };
    expect(rows).toEqual([
      { ...cleared, recipient: 'cod@sweep.example.in', template: 'cod_code' },
      { ...cleared, recipient: 'recent@sweep.example.in', template: null },
      {
        recipient: 'waiting@sweep.example.in',
        template: null,
        subject: 'Hi',
        text: 'Text',
        html: '<p>Text</p>',
        data: null,
      },
    ]);
    expect(await outbox.forgetDelivered(90)).toBe(0);
  });

  it('holds either a written mail or a template with its data', async () => {
    const { db } = world.database;
    await expect(
      db.execute(sql`insert into mail_outbox (recipient, subject) values ('a@example.in', 'Hi')`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`insert into mail_outbox (template) values ('greeting')`),
    ).rejects.toThrow();
  });

  it('sends a burst of mails in one run, and the mails queued while it runs', async () => {
    const { db } = world.database;
    const delivered: string[] = [];
    let queuedLate = false;
    const outbox: ReturnType<typeof createMailOutbox> = createMailOutbox(
      db,
      {
        async send(message) {
          delivered.push(message.to);
          // A mail queued (and announced) while the run is sending the first batch.
          if (!queuedLate) {
            queuedLate = true;
            await outbox.enqueue(db, mail('late@burst.example.in'));
            outbox.deliverSoon();
          }
        },
      },
      () => {},
      {},
    );
    for (let n = 0; n < 45; n += 1) await outbox.enqueue(db, mail(`shopper${n}@burst.example.in`));

    expect(await outbox.deliver()).toBe(46);
    expect(delivered).toHaveLength(46);
    expect(delivered).toContain('late@burst.example.in');
    expect(await outbox.deliver()).toBe(0);
  });
});
