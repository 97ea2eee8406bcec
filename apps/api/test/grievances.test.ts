// Grievances: the public form gives a ticket number at once and mails it (never repeating what
// the form took); the shopper sees her ticket's state by number and email (a wrong email is the
// same 404 as an unknown ticket, and the lookups are counted per email and per ticket), and its
// text only through the status link her mails carry (a token stored only as its hash); a burst
// from one address spends exactly the allowance; staff acknowledge, reply, note and resolve, each
// step audited and the shopper mailed where it matters.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grievanceFormMessages } from '@shop/contracts/grievances';
import { grievanceMessages } from '@shop/domain/grievances';
import { queryRows } from '../src/db/client.ts';
import { grievanceLimits } from '../src/features/grievances/grievances.service.ts';
import { send, signUp } from './auth-helpers.ts';
import { lastMailTo, readOutbox, type OutboxMail } from './outbox.ts';
import { followVerificationLink, signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: { accessToken: string };
let staff: { accessToken: string };
const app = () => world.app;

let addressCounter = 0;
/** Each test files from its own address, so their allowances do not mix. */
const newAddress = () => `203.0.113.${(addressCounter += 1)}`;

const grievance = (overrides: Record<string, unknown> = {}) => ({
  name: 'Meera Iyer',
  email: 'Meera.Iyer@Example.in',
  phone: '+91 98450 12345',
  orderNumber: 'lb-20260314-0042',
  category: 'delivery',
  subject: 'Parcel marked delivered but not received',
  description: 'The tracking says delivered on Monday but nothing reached my flat.',
  ...overrides,
});

async function file(body: unknown, remoteAddress = newAddress()) {
  return send(app(), 'POST', '/api/grievances', { body, remoteAddress });
}

/** Looks a ticket up by number and email, from an address of its own. */
function lookUp(ticket: string, email: string, remoteAddress = newAddress()) {
  return send(app(), 'GET', `/api/grievances/${ticket}?email=${encodeURIComponent(email)}`, {
    remoteAddress,
  });
}

/** Opens a ticket through its status link's token. */
function openLink(ticket: string, token: string, remoteAddress = newAddress()) {
  return send(app(), 'POST', `/api/grievances/${ticket}/status`, {
    body: { token },
    remoteAddress,
  });
}

/** The ticket and token of the status link in a mail. */
function statusLinkOf(mail: OutboxMail | undefined) {
  const match = /\/grievance\/status\?ticket=([A-Z0-9-]+)&token=([A-Za-z0-9_-]+)/.exec(
    mail?.text ?? '',
  );
  return match ? { ticket: match[1]!, token: match[2]! } : undefined;
}

/** Files a grievance and answers its ticket and the status link's token from its mail. */
async function fileAndOpen(email: string) {
  const { ticket } = (await file(grievance({ email }))).body.data as { ticket: string };
  await app().jobs.deliverMail();
  const mail = await lastMailTo(
    world.config.outboxDir,
    email,
    new RegExp(`We received your grievance ${ticket}`),
  );
  const link = statusLinkOf(mail);
  expect(link?.ticket).toBe(ticket);
  return { ticket, token: link!.token };
}

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
  const member = await signUp(app());
  await followVerificationLink(world, member.shopper.email);
  const granted = await send(app(), 'POST', '/api/admin/staff', {
    token: owner.accessToken,
    body: { email: member.shopper.email, role: 'staff' },
  });
  expect(granted.status).toBe(201);
  staff = member;
});
afterAll(async () => {
  await world?.close();
});

describe('filing a grievance', () => {
  it('answers a readable ticket number at once and mails it to the shopper', async () => {
    const answer = await file(grievance());
    expect(answer.status).toBe(201);
    const ticket = answer.body.data.ticket as string;
    expect(ticket).toMatch(/^GRV-\d{4}-\d{6}$/);
    expect(answer.body.data.status).toBe('open');
    expect(answer.body.message).toBe(`Your grievance is registered as ${ticket}`);

    const [row] = await queryRows<{ email: string; phone: string; order_number: string }>(
      world.database.db,
      sql`select email, phone, order_number from grievances where ticket = ${ticket}`,
    );
    expect(row).toEqual({
      email: 'meera.iyer@example.in',
      phone: '9845012345',
      order_number: 'LB-20260314-0042',
    });

    await app().jobs.deliverMail();
    const mail = await lastMailTo(world.config.outboxDir, 'meera.iyer@example.in', /grievance/);
    expect(mail?.subject).toBe(`We received your grievance ${ticket}`);
    expect(mail?.text).toContain('acknowledge it within 48 hours');
    expect(mail?.text).toContain('Kavya Raghunath, Head of Customer Care');
    expect(mail?.text).toContain(`/grievance/status?ticket=${ticket}&token=`);
  });

  it('mails nothing the form took: no name, subject or link of the sender’s choosing', async () => {
    const email = 'victim@example.in';
    const answer = await file(
      grievance({
        email,
        name: 'Your refund is ready at https://evil.example/claim',
        subject: 'Claim your refund at www.evil.example today',
        description: 'Your account is locked. Visit http://evil.example/unlock to unlock it now.',
      }),
    );
    expect(answer.status).toBe(201);
    const ticket = answer.body.data.ticket as string;
    await app().jobs.deliverMail();
    const mail = await lastMailTo(world.config.outboxDir, email, /We received your grievance/);
    expect(mail?.subject).toBe(`We received your grievance ${ticket}`);
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toMatch(/evil|refund|locked/i);
    }
    // The one link in it is the shop's own status link.
    const links = [...mail!.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(
      new RegExp(`^${world.config.publicUrl}/grievance/status\\?ticket=${ticket}&#38;token=`),
    );
    expect(mail!.text.match(/https?:\/\//g)).toHaveLength(1);
  });

  it('gives every grievance its own number, even filed at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => file(grievance({ email: 'twins@example.in' }))),
    );
    const tickets = answers.map((answer) => answer.body.data.ticket as string);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(tickets).size).toBe(5);
  });

  it('refuses a bad form with the field’s message, and takes a grievance with no phone or order', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, grievanceFormMessages.name],
      [{ email: 'not-an-email' }, grievanceFormMessages.email],
      [{ phone: '12345' }, grievanceFormMessages.phone],
      [{ orderNumber: 'LB 1; drop' }, grievanceFormMessages.orderNumber],
      [{ category: 'billing' }, grievanceFormMessages.category],
      [{ description: 'Too short.' }, grievanceFormMessages.description],
    ];
    for (const [change, message] of cases) {
      const answer = await file(grievance(change));
      expect(answer.status, message).toBe(400);
      expect(answer.body.message, message).toBe(message);
    }
    const bare = await file(grievance({ phone: undefined, orderNumber: undefined }));
    expect(bare.status).toBe(201);
  });

  it('takes exactly the allowance of a burst from one address, then answers 429', async () => {
    const address = newAddress();
    const limit = grievanceLimits.filings.limit;
    const answers = await Promise.all(
      Array.from({ length: limit + 5 }, () =>
        file(grievance({ email: 'burst@example.in' }), address),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toBe(grievanceFormMessages.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [{ count }] = (await queryRows<{ count: number | string }>(
      world.database.db,
      sql`select count(*) as count from grievances where email = 'burst@example.in'`,
    )) as [{ count: number | string }];
    expect(Number(count)).toBe(limit);
    // Another address is not held up by it.
    expect((await file(grievance())).status).toBe(201);
  });
});

describe('looking a ticket up', () => {
  it('shows its state to the right email only; a wrong email is the same 404 as no ticket', async () => {
    const { ticket } = (await file(grievance())).body.data as { ticket: string };
    const found = await send(
      app(),
      'GET',
      `/api/grievances/${ticket.toLowerCase()}?email=${encodeURIComponent(' MEERA.iyer@example.in ')}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      ticket,
      status: 'open',
      clocks: { acknowledge: { state: 'due' }, resolve: { state: 'due' } },
    });
    // Where it stands, never what it says.
    expect(Object.keys(found.body.data).sort()).toEqual(
      ['acknowledgedAt', 'clocks', 'createdAt', 'resolvedAt', 'status', 'ticket'].sort(),
    );
    expect(JSON.stringify(found.body.data)).not.toMatch(/Parcel|9845012345|flat/);

    const wrongEmail = await send(
      app(),
      'GET',
      `/api/grievances/${ticket}?email=someone.else@example.in`,
    );
    const unknown = await send(
      app(),
      'GET',
      `/api/grievances/GRV-2026-999999?email=meera.iyer@example.in`,
    );
    expect(wrongEmail.status).toBe(404);
    expect(unknown.status).toBe(404);
    // The same answer but for the request's own id.
    const withoutId = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    expect(withoutId(wrongEmail.body)).toEqual(withoutId(unknown.body));
    expect(wrongEmail.body.message).toBe(grievanceMessages.notFound);

    const malformed = await send(app(), 'GET', `/api/grievances/LB-1?email=meera.iyer@example.in`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(`Invalid ticket: ${grievanceFormMessages.ticket}`);
  });

  it('never shows the text or the shop’s replies to someone with only the number and email', async () => {
    const email = 'replied.to@example.in';
    const { ticket } = (await file(grievance({ email }))).body.data as { ticket: string };
    const reply = await send(app(), 'POST', `/api/admin/grievances/${ticket}/messages`, {
      token: staff.accessToken,
      body: { kind: 'reply', text: 'Your new address is 14 Lake Road; the parcel goes there.' },
    });
    expect(reply.status).toBe(200);
    const found = await lookUp(ticket, email);
    expect(found.status).toBe(200);
    expect(found.body.data.status).toBe('open');
    expect(JSON.stringify(found.body)).not.toMatch(/Lake Road|Parcel marked/);
  });

  it('shows the ticket with its text through the status link, whose token is stored only hashed', async () => {
    const email = 'linked@example.in';
    const { ticket, token } = await fileAndOpen(email);
    // At least 128 bits.
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const opened = await openLink(ticket, token);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      ticket,
      status: 'open',
      category: 'delivery',
      subject: 'Parcel marked delivered but not received',
      replies: [],
    });
    expect(JSON.stringify(opened.body.data)).not.toMatch(/9845012345|flat/);

    // A wrong token, or another ticket's, opens nothing and says nothing about the ticket.
    const other = await fileAndOpen('someone.else@example.in');
    const wrong = await openLink(ticket, Buffer.alloc(32, 7).toString('base64url'));
    const crossed = await openLink(ticket, other.token);
    for (const answer of [wrong, crossed]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(grievanceMessages.statusLinkNotValid);
    }
    const malformed = await openLink(ticket, 'not a token');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(grievanceFormMessages.statusLink);

    // The database holds the token's hash, and the token nowhere: not in the ticket, not in
    // the mail outbox.
    const [row] = await queryRows<{ hash: string; everything: string }>(
      world.database.db,
      sql`select status_token_hash as hash, row_to_json(g)::text as everything
          from grievances g where ticket = ${ticket}`,
    );
    expect(row!.hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.everything).not.toContain(token);
    const outboxRows = await queryRows<{ everything: string }>(
      world.database.db,
      sql`select row_to_json(m)::text as everything from mail_outbox m`,
    );
    expect(outboxRows.length).toBeGreaterThan(0);
    for (const outboxRow of outboxRows) expect(outboxRow.everything).not.toContain(token);
  });

  it('counts lookups per email: a burst walking ticket numbers from many addresses is refused', async () => {
    const email = 'walked@example.in';
    const { ticket, token } = await fileAndOpen(email);
    const limit = grievanceLimits.lookupsPerEmail.limit;
    // Every request from an address of its own, at a ticket number of its own.
    const answers = await Promise.all(
      Array.from({ length: limit + 5 }, (_, index) =>
        lookUp(`GRV-2026-${String(900_000 + index).padStart(6, '0')}`, email),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toBe(grievanceLimits.lookupsPerEmail.message);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The email is held, even at its own ticket; the status link still opens it.
    expect((await lookUp(ticket, email)).status).toBe(429);
    expect((await openLink(ticket, token)).status).toBe(200);
  });

  it('counts lookups per ticket: a burst trying emails at one ticket from many addresses is refused', async () => {
    const email = 'guessed@example.in';
    const { ticket } = (await file(grievance({ email }))).body.data as { ticket: string };
    const limit = grievanceLimits.lookupsPerTicket.limit;
    const answers = await Promise.all(
      Array.from({ length: limit + 5 }, (_, index) => lookUp(ticket, `guess${index}@example.in`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(answers.find((answer) => answer.status === 429)!.body.message).toBe(
      grievanceLimits.lookupsPerTicket.message,
    );
    // Even the right email is refused at this ticket now; another ticket is not held up.
    expect((await lookUp(ticket, email)).status).toBe(429);
    const { ticket: another } = (await file(grievance({ email }))).body.data as {
      ticket: string;
    };
    expect((await lookUp(another, email)).status).toBe(200);
  });
});

describe('the back office', () => {
  it('lists unresolved tickets oldest first with their clocks, filtered and paged', async () => {
    const answer = await send(app(), 'GET', '/api/admin/grievances?limit=2', {
      token: staff.accessToken,
    });
    expect(answer.status).toBe(200);
    const first = answer.body.data.grievances as { ticket: string; createdAt: string }[];
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({
      status: 'open',
      clocks: { acknowledge: { state: 'due' }, resolve: { state: 'due' } },
    });
    expect(answer.body.data.next).toEqual(expect.any(String));
    const second = await send(
      app(),
      'GET',
      `/api/admin/grievances?limit=2&cursor=${answer.body.data.next}`,
      { token: staff.accessToken },
    );
    const secondTickets = (second.body.data.grievances as { ticket: string }[]).map(
      (g) => g.ticket,
    );
    expect(secondTickets).not.toContain(first[0]!.ticket);
    expect(second.body.data.grievances[0].createdAt >= first[1]!.createdAt).toBe(true);

    const none = await send(app(), 'GET', '/api/admin/grievances?category=payment', {
      token: staff.accessToken,
    });
    expect(none.body.data.grievances).toEqual([]);
    const bad = await send(app(), 'GET', '/api/admin/grievances?cursor=bogus', {
      token: staff.accessToken,
    });
    expect(bad.status).toBe(400);
  });

  it('acknowledges, replies, notes and resolves: audited, the shopper mailed where it matters', async () => {
    const email = 'resolve.me@example.in';
    const { ticket, token } = await fileAndOpen(email);
    const path = `/api/admin/grievances/${ticket}`;
    const asStaff = { token: staff.accessToken };

    const acknowledged = await send(app(), 'POST', `${path}/acknowledge`, asStaff);
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.data).toMatchObject({
      status: 'acknowledged',
      clocks: { acknowledge: { state: 'met' }, resolve: { state: 'due' } },
    });
    const again = await send(app(), 'POST', `${path}/acknowledge`, asStaff);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(grievanceMessages.alreadyAcknowledged);

    const reply = await send(app(), 'POST', `${path}/messages`, {
      ...asStaff,
      body: { kind: 'reply', text: 'We have asked the courier for proof of delivery.' },
    });
    expect(reply.status).toBe(200);
    const note = await send(app(), 'POST', `${path}/messages`, {
      ...asStaff,
      body: { kind: 'note', text: 'Courier says left with the guard; check the CCTV.' },
    });
    expect(note.status).toBe(200);
    expect(note.body.data.messages.map((m: { kind: string }) => m.kind)).toEqual(['reply', 'note']);

    const resolved = await send(app(), 'POST', `${path}/resolve`, {
      ...asStaff,
      body: { resolution: 'The parcel was found with the guard and handed over.' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({
      status: 'resolved',
      resolution: 'The parcel was found with the guard and handed over.',
      clocks: { resolve: { state: 'met' } },
    });
    const closed = await send(app(), 'POST', `${path}/messages`, {
      ...asStaff,
      body: { kind: 'reply', text: 'One more thing' },
    });
    expect(closed.status).toBe(409);
    expect(
      (await send(app(), 'POST', `${path}/resolve`, { ...asStaff, body: { resolution: 'x' } }))
        .status,
    ).toBe(409);

    // Through her status link the shopper sees the reply and the resolution, never the note.
    const seen = await openLink(ticket, token);
    expect(seen.body.data).toMatchObject({
      status: 'resolved',
      resolution: 'The parcel was found with the guard and handed over.',
      replies: [{ text: 'We have asked the courier for proof of delivery.' }],
    });
    expect(JSON.stringify(seen.body.data)).not.toContain('CCTV');

    await app().jobs.deliverMail();
    const mails = (await readOutbox(world.config.outboxDir)).filter((mail) =>
      mail.to.includes(email),
    );
    // Each mail is written when delivered: the reply and resolution as staff wrote them, and
    // the same status link.
    const replyMail = mails.find((mail) => mail.subject.startsWith('A reply'));
    expect(replyMail?.text).toContain('We have asked the courier for proof of delivery.');
    expect(mails.find((mail) => mail.subject.endsWith('is resolved'))?.text).toContain(
      'The parcel was found with the guard and handed over.',
    );
    expect(mails.map((mail) => statusLinkOf(mail)?.token)).toEqual(mails.map(() => token));
    const subjects = mails.map((mail) => mail.subject).sort();
    expect(subjects).toEqual(
      [
        `We received your grievance ${ticket}`,
        `Your grievance ${ticket} is being looked into`,
        `A reply on your grievance ${ticket}`,
        `Your grievance ${ticket} is resolved`,
      ].sort(),
    );

    const audit = await send(app(), 'GET', `/api/admin/audit?entity=grievance&id=${ticket}`, {
      token: owner.accessToken,
    });
    expect(
      (audit.body.data.entries as { action: string }[]).map((entry) => entry.action).sort(),
    ).toEqual(
      ['grievance.acknowledge', 'grievance.reply', 'grievance.note', 'grievance.resolve'].sort(),
    );

    const unknown = await send(
      app(),
      'POST',
      '/api/admin/grievances/GRV-2026-999999/acknowledge',
      asStaff,
    );
    expect(unknown.status).toBe(404);
  });

  it('resolving a ticket never acknowledged acknowledges it too', async () => {
    const { ticket } = (await file(grievance())).body.data as { ticket: string };
    const resolved = await send(app(), 'POST', `/api/admin/grievances/${ticket}/resolve`, {
      token: owner.accessToken,
      body: { resolution: 'Refunded in full after a call.' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.acknowledgedAt).toEqual(resolved.body.data.resolvedAt);
    expect(resolved.body.data.clocks.acknowledge.state).toBe('met');
  });
});
