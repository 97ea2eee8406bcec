import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type {
  Grievance,
  GrievanceDetail,
  GrievancesDeskQuery,
  GrievancesDeskRow,
  GrievanceStateView,
  GrievanceStatusView,
} from '@shop/contracts/grievances';
import { grievanceFormMessages } from '@shop/contracts/grievances';
import type { PublicShopSettings } from '@shop/contracts/shop-settings';
import { invalid, notFound } from '@shop/domain/errors';
import {
  acknowledgeGrievance,
  canAddMessage,
  grievanceClocks,
  grievanceMessages as messages,
  grievanceTicketNumber,
  resolveGrievance,
  type GrievanceClock,
} from '@shop/domain/grievances';
import { cursorCodec, timeAndIdCursor } from '@shop/contracts/keyset-page';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { grievanceMessages, grievances } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { MailOutbox, MailTemplates } from '../mail/mail-outbox.ts';
import type { Throttle, WindowRule } from '../throttle/throttle.ts';
import {
  grievanceAcknowledgedMail,
  grievanceReceivedMail,
  grievanceReplyMail,
  grievanceResolvedMail,
  type GrievanceMailFacts,
} from './grievance-mails.ts';
import { newStatusSalt, statusLinkUrl, statusToken, statusTokenHash } from './status-link.ts';

const HOUR = 60 * 60 * 1000;
const TOO_MANY_LOOKUPS = 'Too many attempts. Please try again later.';

/**
 * The public form and the status lookup are open to anyone: counted per network address in the
 * database (a burst spends exactly its size), before any mail is queued. Ten grievances an hour
 * leaves room for a family or an office behind one address; the lookup allows retyping.
 *
 * A lookup by number and email is also counted per email and per ticket, whatever the address:
 * someone who knows a shopper's email cannot walk the ticket numbers with it from many
 * addresses, nor try many emails at one ticket. Ten an hour is plenty for a shopper checking her
 * own tickets; one who is held up still has the status link in her mails, which these do not
 * count (its token cannot be guessed), so filling them up locks nobody out of her ticket.
 */
export const grievanceLimits = {
  filings: {
    kind: 'window',
    action: 'grievance-ip',
    limit: 10,
    windowMs: HOUR,
    message: grievanceFormMessages.tooMany,
  },
  lookups: {
    kind: 'window',
    action: 'grievance-lookup-ip',
    limit: 60,
    windowMs: HOUR,
    message: TOO_MANY_LOOKUPS,
  },
  lookupsPerEmail: {
    kind: 'window',
    action: 'grievance-lookup-email',
    limit: 10,
    windowMs: HOUR,
    message: TOO_MANY_LOOKUPS,
  },
  lookupsPerTicket: {
    kind: 'window',
    action: 'grievance-lookup-ticket',
    limit: 10,
    windowMs: HOUR,
    message: TOO_MANY_LOOKUPS,
  },
} as const satisfies Record<string, WindowRule>;

type GrievanceRow = typeof grievances.$inferSelect;

const cursors = cursorCodec(timeAndIdCursor);

function decodeCursor(text: string) {
  const cursor = cursors.decode(text);
  if (!cursor) throw invalid(grievanceFormMessages.invalidCursor);
  return cursor;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const clockView = (clock: GrievanceClock) => ({
  dueAt: clock.dueAt.toISOString(),
  doneAt: iso(clock.doneAt),
  state: clock.state,
});
function clocksOf(row: GrievanceRow, now: Date) {
  const clocks = grievanceClocks(row, now);
  return { acknowledge: clockView(clocks.acknowledge), resolve: clockView(clocks.resolve) };
}

function stateOf(row: GrievanceRow): GrievanceStateView {
  return {
    ticket: row.ticket,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    resolvedAt: iso(row.resolvedAt),
    clocks: clocksOf(row, new Date()),
  };
}

function rowView(row: GrievanceRow, now: Date): GrievancesDeskRow {
  return {
    ticket: row.ticket,
    name: row.name,
    email: row.email,
    category: row.category,
    subject: row.subject,
    orderNumber: row.orderNumber,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    clocks: clocksOf(row, now),
  };
}

/** What the grievance mails are written from when they are delivered. */
export interface GrievanceMailDeps {
  db: Database;
  /** The storefront's part of the settings: the grievance officer the mails name. */
  publicSettings: () => Promise<PublicShopSettings>;
  publicUrl: string;
  /** The key status-link tokens are signed with (derived for that purpose alone). */
  statusLinkKey: Buffer;
}

export interface GrievancesDeps extends GrievanceMailDeps {
  outbox: MailOutbox;
  throttle: Throttle;
}

/** The grievance mails, by the outbox template that writes each. */
const mailTemplate = {
  received: 'grievance_received',
  acknowledged: 'grievance_acknowledged',
  reply: 'grievance_reply',
  resolved: 'grievance_resolved',
} as const;

/** A queued grievance mail's data: ids only (the token is written again from the ticket). */
interface GrievanceMailData {
  grievanceId: string;
  /** The reply a 'grievance_reply' mail carries. */
  messageId?: string;
}

const tokenOf = (key: Buffer, row: GrievanceRow) => statusToken(key, row.id, row.statusSalt);

/**
 * The grievance mails, written when the outbox delivers them: the status link's token is derived
 * again from the ticket then, so no token ever sits in the outbox.
 */
export function grievanceMailTemplates(deps: GrievanceMailDeps): MailTemplates {
  async function factsOf(data: unknown) {
    const { grievanceId, messageId } = data as GrievanceMailData;
    const [row] = await deps.db.select().from(grievances).where(eq(grievances.id, grievanceId));
    if (!row) throw new Error(`no grievance ${grievanceId} to mail`);
    const facts: GrievanceMailFacts = {
      to: row.email,
      ticket: row.ticket,
      statusUrl: statusLinkUrl(deps.publicUrl, row.ticket, tokenOf(deps.statusLinkKey, row)),
      officer: (await deps.publicSettings()).grievanceOfficer,
    };
    return { row, facts, messageId };
  }
  return {
    async [mailTemplate.received](data) {
      return grievanceReceivedMail((await factsOf(data)).facts);
    },
    async [mailTemplate.acknowledged](data) {
      return grievanceAcknowledgedMail((await factsOf(data)).facts);
    },
    async [mailTemplate.reply](data) {
      const { row, facts, messageId } = await factsOf(data);
      const [reply] = await deps.db
        .select({ text: grievanceMessages.text })
        .from(grievanceMessages)
        .where(
          and(eq(grievanceMessages.id, messageId ?? ''), eq(grievanceMessages.grievanceId, row.id)),
        );
      if (!reply) throw new Error(`no reply ${messageId} on grievance ${row.ticket} to mail`);
      return grievanceReplyMail(facts, reply.text);
    },
    async [mailTemplate.resolved](data) {
      const { row, facts } = await factsOf(data);
      return grievanceResolvedMail(facts, row.resolution);
    },
  };
}

/**
 * Grievances from the public form to their resolution. Filing gives the ticket number in the
 * same transaction that queues the shopper's mail; every back-office step writes its audit
 * entry, and the mails that matter to the shopper, in the transaction that makes the change.
 */
export function createGrievancesService(deps: GrievancesDeps) {
  const { db } = deps;

  async function byTicket(executor: Executor, ticket: string, lock = false) {
    const query = executor.select().from(grievances).where(eq(grievances.ticket, ticket));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(messages.notFound);
    return row;
  }

  async function detail(ticket: string): Promise<GrievanceDetail> {
    const row = await byTicket(db, ticket);
    const notes = await db
      .select()
      .from(grievanceMessages)
      .where(eq(grievanceMessages.grievanceId, row.id))
      .orderBy(asc(grievanceMessages.createdAt), asc(grievanceMessages.id));
    return {
      ...rowView(row, new Date()),
      phone: row.phone,
      description: row.description,
      acknowledgedAt: iso(row.acknowledgedAt),
      resolvedAt: iso(row.resolvedAt),
      resolution: row.resolution,
      messages: notes.map((note) => ({
        _id: note.id,
        kind: note.kind,
        text: note.text,
        author: note.authorEmail,
        at: note.createdAt.toISOString(),
      })),
    };
  }

  /** One back-office step under the ticket's row lock, audited, with its mail if any. */
  async function step(
    actor: AuditActor,
    ticket: string,
    work: (
      tx: Executor,
      row: GrievanceRow,
    ) => Promise<{
      action: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      mail?: { template: (typeof mailTemplate)[keyof typeof mailTemplate]; messageId?: string };
    }>,
  ): Promise<GrievanceDetail> {
    const mailed = await db.transaction(async (tx) => {
      const row = await byTicket(tx, ticket, true);
      const done = await work(tx, row);
      await recordAudit(tx, actor, {
        action: done.action,
        entity: 'grievance',
        entityId: row.ticket,
        before: done.before,
        after: done.after,
      });
      if (done.mail) {
        // A ticket filed before status links had tokens gets its link's hash with its first mail.
        if (!row.statusTokenHash) {
          await tx
            .update(grievances)
            .set({ statusTokenHash: statusTokenHash(tokenOf(deps.statusLinkKey, row)) })
            .where(eq(grievances.id, row.id));
        }
        await deps.outbox.enqueueTemplate(tx, done.mail.template, {
          grievanceId: row.id,
          ...(done.mail.messageId ? { messageId: done.mail.messageId } : {}),
        } satisfies GrievanceMailData);
      }
      return Boolean(done.mail);
    });
    if (mailed) deps.outbox.deliverSoon();
    return detail(ticket);
  }

  return {
    /** Files a grievance: counted per address first, then the ticket and its mail together. */
    async file(input: Grievance, clientAddress: string) {
      await deps.throttle.take(grievanceLimits.filings, clientAddress);
      // The id is chosen here: the status link's token is signed over it before the row exists.
      const id = randomUUID();
      const statusSalt = newStatusSalt();
      const token = statusToken(deps.statusLinkKey, id, statusSalt);
      const row = await db.transaction(async (tx) => {
        // The year as India reads the date now; the number from a sequence no process shares.
        const [next] = await queryRows<{ year: number | string; number: number | string }>(
          tx,
          sql`select extract(year from now() at time zone 'Asia/Kolkata')::int as year,
                nextval('grievance_ticket_seq') as number`,
        );
        const [created] = await tx
          .insert(grievances)
          .values({
            id,
            ticket: grievanceTicketNumber(Number(next!.year), Number(next!.number)),
            name: input.name,
            email: input.email,
            phone: input.phone,
            orderNumber: input.orderNumber,
            category: input.category,
            subject: input.subject,
            description: input.description,
            statusSalt,
            statusTokenHash: statusTokenHash(token),
          })
          .returning();
        await deps.outbox.enqueueTemplate(tx, mailTemplate.received, { grievanceId: id });
        return created!;
      });
      deps.outbox.deliverSoon();
      return { ticket: row.ticket, status: row.status, createdAt: row.createdAt.toISOString() };
    },

    /**
     * A ticket's state by its number and email: where it stands, never its text (anyone who
     * knows the shopper's email can type it). A wrong email answers exactly as an unknown ticket
     * does, so nobody learns which tickets exist. Counted per address, then per email and per
     * ticket (a refusal counts nothing further).
     */
    async lookup(
      ticket: string,
      email: string,
      clientAddress: string,
    ): Promise<GrievanceStateView> {
      await deps.throttle.take(grievanceLimits.lookups, clientAddress);
      await deps.throttle.take(grievanceLimits.lookupsPerEmail, email);
      await deps.throttle.take(grievanceLimits.lookupsPerTicket, ticket);
      const [row] = await db
        .select()
        .from(grievances)
        .where(and(eq(grievances.ticket, ticket), eq(grievances.email, email)));
      if (!row) throw notFound(messages.notFound);
      return stateOf(row);
    },

    /**
     * The shopper's view of her ticket through the status link her mails carry: its state and
     * text, the shop's replies and resolution, never the internal notes. The token is matched by
     * its hash; a wrong one answers as an unknown ticket does.
     */
    async view(ticket: string, token: string, clientAddress: string): Promise<GrievanceStatusView> {
      await deps.throttle.take(grievanceLimits.lookups, clientAddress);
      const [row] = await db
        .select()
        .from(grievances)
        .where(
          and(
            eq(grievances.ticket, ticket),
            eq(grievances.statusTokenHash, statusTokenHash(token)),
          ),
        );
      if (!row) throw notFound(messages.statusLinkNotValid);
      const replies = await db
        .select({ at: grievanceMessages.createdAt, text: grievanceMessages.text })
        .from(grievanceMessages)
        .where(and(eq(grievanceMessages.grievanceId, row.id), eq(grievanceMessages.kind, 'reply')))
        .orderBy(asc(grievanceMessages.createdAt), asc(grievanceMessages.id));
      return {
        ...stateOf(row),
        category: row.category,
        subject: row.subject,
        resolution: row.resolution,
        replies: replies.map((reply) => ({ at: reply.at.toISOString(), text: reply.text })),
      };
    },

    /** Oldest first: the ticket whose clocks run out soonest is on top. */
    async list(query: GrievancesDeskQuery) {
      const where: SQL[] = [];
      if (query.status === 'unresolved') where.push(ne(grievances.status, 'resolved'));
      else if (query.status !== 'all') where.push(eq(grievances.status, query.status));
      if (query.category) where.push(eq(grievances.category, query.category));
      if (query.cursor) {
        const cursor = decodeCursor(query.cursor);
        where.push(
          sql`(${grievances.createdAt}, ${grievances.id}) > (${cursor.key}::timestamptz, ${cursor.id}::uuid)`,
        );
      }
      const rows = await db
        .select({ row: grievances, sortKey: sql<string>`${grievances.createdAt}::text` })
        .from(grievances)
        .where(where.length > 0 ? and(...where) : undefined)
        .orderBy(asc(grievances.createdAt), asc(grievances.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const now = new Date();
      return {
        grievances: page.map(({ row }) => rowView(row, now)),
        next:
          rows.length > query.limit && last
            ? cursors.encode({ key: last.sortKey, id: last.row.id })
            : null,
      };
    },

    detail,

    acknowledge: (actor: AuditActor, ticket: string) =>
      step(actor, ticket, async (tx, row) => {
        const status = acknowledgeGrievance(row.status);
        await tx
          .update(grievances)
          .set({ status, acknowledgedAt: sql`now()` })
          .where(eq(grievances.id, row.id));
        return {
          action: 'grievance.acknowledge',
          before: { status: row.status },
          after: { status },
          mail: { template: mailTemplate.acknowledged },
        };
      }),

    /** A reply is mailed and shown to the shopper; a note stays in the back office. */
    addMessage: (actor: AuditActor, ticket: string, kind: 'reply' | 'note', text: string) =>
      step(actor, ticket, async (tx, row) => {
        canAddMessage(row.status);
        const [message] = await tx
          .insert(grievanceMessages)
          .values({
            grievanceId: row.id,
            kind,
            authorId: actor.userId,
            authorEmail: actor.email,
            text,
          })
          .returning({ id: grievanceMessages.id });
        return {
          action: `grievance.${kind}`,
          before: {},
          after: { [kind]: text },
          ...(kind === 'reply'
            ? { mail: { template: mailTemplate.reply, messageId: message!.id } }
            : {}),
        };
      }),

    /** Resolving an open ticket acknowledges it too: the shopper has heard back. */
    resolve: (actor: AuditActor, ticket: string, resolution: string) =>
      step(actor, ticket, async (tx, row) => {
        const status = resolveGrievance(row.status);
        await tx
          .update(grievances)
          .set({
            status,
            resolution,
            resolvedAt: sql`now()`,
            ...(row.acknowledgedAt ? {} : { acknowledgedAt: sql`now()` }),
          })
          .where(eq(grievances.id, row.id));
        return {
          action: 'grievance.resolve',
          before: { status: row.status },
          after: { status, resolution },
          mail: { template: mailTemplate.resolved },
        };
      }),
  };
}

export type GrievancesService = ReturnType<typeof createGrievancesService>;
