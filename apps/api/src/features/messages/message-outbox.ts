import { sql } from 'drizzle-orm';
import {
  nextPromotionalWindow,
  PHONE_CODE_LIMITS,
  variableProblem,
  type MessageChannel,
  type MessagePurpose,
  type MessageTemplate,
  type MessageTemplateName,
} from '@shop/domain/messages';
import { invalid } from '@shop/domain/errors';
import {
  MessageRefusedError,
  type MessageChannelSender,
} from '../../adapters/messaging/provider.ts';
import { OutboundUnavailableError } from '../../adapters/outbound.ts';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import type { WhatsAppRouter } from './template-categories.ts';

/** A message to queue in the transaction of the event that causes it. */
export interface MessageToQueue {
  /**
   * The event it reports, e.g. `order:<id>:shipped`: with the channel and the number, it is sent
   * once however often it is queued.
   */
  eventKey: string;
  /** 10 digits. */
  phone: string;
  channel: MessageChannel;
  purpose: MessagePurpose;
  template: MessageTemplateName;
  /** The template's values by name: at most 30 characters each, naming nothing she bought. */
  variables: Record<string, string>;
  userId?: string | null;
}

/** A queued message's state, as the order timeline and her data export show it. */
export interface MessageRecord {
  id: string;
  eventKey: string;
  channel: MessageChannel;
  recipient: string;
  purpose: MessagePurpose;
  template: string;
  status: string;
  providerMessageId: string | null;
  error: string | null;
  fallbackOf: string | null;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  failedAt: string | null;
}

/** A status reported by a provider's webhook. */
export interface ReportedStatus {
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** Our row id, as WhatsApp echoes it (`biz_opaque_callback_data`). */
  reference?: string | undefined;
  /** The 10-digit number (MSG91 reports it). */
  number?: string | undefined;
  error?: string | undefined;
}

/**
 * Values a template needs that must never sit in the outbox (a sign-in code), worked out again
 * when the message is sent; undefined: the message is no longer wanted (the code was used).
 */
export type SecretValues = (row: {
  eventKey: string;
  variables: Record<string, string>;
}) => Promise<Record<string, string> | undefined>;

interface ClaimedRow {
  id: string;
  event_key: string;
  channel: MessageChannel;
  recipient: string;
  user_id: string | null;
  purpose: MessagePurpose;
  template: string;
  variables: Record<string, string>;
  attempts: number;
}

const BATCH_SIZE = 10;
/** Longer than any provider call: a claim still held after it belongs to a process that died. */
const CLAIM_LEASE_MS = 2 * 60_000;
/** A failed send waits 30 s, doubling, at most an hour; after 8 attempts the message has failed. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
const MAX_ATTEMPTS = 8;
/** An order update WhatsApp never confirmed goes by SMS after this long. */
const UNCONFIRMED_FALLBACK_MS = 10 * 60_000;

/**
 * The one outbox of phone messages (WhatsApp and SMS). Features queue a message with
 * `enqueueMessage(tx, …)` in the transaction of the event it reports; `deliver` (a job, and at
 * once after a sign-in code is queued) sends what is due. Each message is claimed before its
 * provider is called; a claim that lapses, or a call whose answer was lost, leaves the message
 * `unconfirmed` and it is never sent again blind: the provider's status webhook finds it by our
 * reference (WhatsApp) or its number (MSG91). A WhatsApp message that fails, or a sign-in code
 * WhatsApp has not delivered within 20 s, goes by SMS instead.
 */
export function createMessageOutbox(deps: {
  db: Database;
  templates: Record<string, MessageTemplate>;
  /** The channels this shop can send on (none when phone messages are off). */
  senders: Partial<Record<MessageChannel, MessageChannelSender>>;
  secretValues: Partial<Record<string, SecretValues>>;
  /** Routes each WhatsApp send by its template's current category (see template-categories). */
  whatsappRoute?: WhatsAppRouter;
  clock: () => Date;
  log: (error: unknown, message: string) => void;
}) {
  const { db, templates, senders } = deps;
  const at = (offsetMs = 0) =>
    sql`${new Date(deps.clock().getTime() + offsetMs).toISOString()}::timestamptz`;
  let running: Promise<number> | undefined;
  let again = false;

  function templateOf(name: string): MessageTemplate {
    const template = templates[name];
    if (!template) throw new Error(`unknown message template ${name}`);
    return template;
  }

  /** The SMS that replaces a WhatsApp message, queued once (the event's unique key). */
  async function queueSmsFallback(tx: Executor, whatsappId: string) {
    if (!senders.sms) return;
    await tx.execute(sql`
      insert into message_outbox
        (event_key, channel, recipient, user_id, purpose, template, variables, fallback_of,
         next_attempt_at, created_at)
      select event_key, 'sms', recipient, user_id, purpose, template, variables, id, ${at()}, ${at()}
      from message_outbox where id = ${whatsappId} and channel = 'whatsapp'
      on conflict (event_key, channel, recipient) do nothing`);
  }

  async function settleFailure(row: ClaimedRow, error: unknown) {
    const template = templateOf(row.template);
    const message = error instanceof Error ? error.message : String(error);
    // Refused for the hour (a promotional SMS at night, 651): tried again when its window opens.
    const retryAt =
      error instanceof MessageRefusedError
        ? (error.retryAt ??
          (error.code === '651' ? nextPromotionalWindow(deps.clock()) : undefined))
        : undefined;
    if (retryAt) {
      await db.execute(sql`
        update message_outbox set status = 'queued', claimed_until = null, error = ${message},
          next_attempt_at = ${retryAt.toISOString()}::timestamptz
        where id = ${row.id} and status = 'sending'`);
      return;
    }
    // No answer at all (a timeout, a reset connection): the provider may have sent it.
    const ambiguous =
      !(error instanceof MessageRefusedError) &&
      !(error instanceof OutboundUnavailableError && error.reason === 'open');
    if (ambiguous) {
      await db.execute(sql`
        update message_outbox set status = 'unconfirmed', claimed_until = null, error = ${message}
        where id = ${row.id} and status = 'sending'`);
      return;
    }
    const permanent =
      (error instanceof MessageRefusedError && error.permanent) || row.attempts >= MAX_ATTEMPTS;
    if (!permanent) {
      const waitMs = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, row.attempts - 1));
      await db.execute(sql`
        update message_outbox set status = 'queued', claimed_until = null, error = ${message},
          next_attempt_at = ${at(waitMs)}
        where id = ${row.id} and status = 'sending'`);
      return;
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update message_outbox set status = 'failed', claimed_until = null, error = ${message},
          failed_at = ${at()}
        where id = ${row.id} and status = 'sending'`);
      if (row.channel === 'whatsapp' && template.fallsBackToSms) await queueSmsFallback(tx, row.id);
    });
  }

  async function sendOne(row: ClaimedRow) {
    const sender = senders[row.channel];
    let template = templateOf(row.template);
    if (row.channel === 'whatsapp' && deps.whatsappRoute) {
      const route = await deps.whatsappRoute({ template, userId: row.user_id });
      if (route.by !== 'whatsapp') {
        // Marketing now, and she never opted in: not on WhatsApp; its SMS instead, if it has one.
        await db.transaction(async (tx) => {
          await tx.execute(sql`
            update message_outbox set status = 'cancelled', claimed_until = null,
              error = ${route.reason}
            where id = ${row.id} and status = 'sending'`);
          if (route.by === 'sms') await queueSmsFallback(tx, row.id);
        });
        again = true;
        return;
      }
      template = { ...template, whatsappCategory: route.category };
    }
    let values = row.variables;
    const secret = deps.secretValues[row.template];
    if (secret) {
      const extra = await secret({ eventKey: row.event_key, variables: row.variables });
      if (!extra) {
        await db.execute(sql`
          update message_outbox set status = 'cancelled', claimed_until = null
          where id = ${row.id} and status = 'sending'`);
        return;
      }
      values = { ...values, ...extra };
    }
    if (!sender) {
      await settleFailure(row, new MessageRefusedError(`${row.channel} is off`, 'off', true));
      return;
    }
    try {
      const accepted = await sender.send({
        reference: row.id,
        to: row.recipient,
        template,
        values,
      });
      // A webhook may have named this message already (by our reference): it keeps its status.
      await db.execute(sql`
        update message_outbox set
          provider_message_id = coalesce(provider_message_id, ${accepted.providerMessageId}),
          status = case when status in ('sending', 'unconfirmed') then 'sent' else status end,
          sent_at = coalesce(sent_at, ${at()}), claimed_until = null, error = null
        where id = ${row.id}`);
    } catch (error) {
      deps.log(error, `could not send the ${row.template} ${row.channel} message`);
      await settleFailure(row, error);
    }
  }

  /** Claims lapsed, sign-in codes WhatsApp did not deliver in time: their SMS is queued. */
  async function upkeep() {
    await db.execute(sql`
      update message_outbox set status = 'unconfirmed', claimed_until = null
      where status = 'sending' and claimed_until < ${at()}`);
    if (!senders.sms) return;
    const late = await queryRows<{ id: string }>(
      db,
      sql`select w.id from message_outbox w
          where w.channel = 'whatsapp' and w.status in ('sent', 'unconfirmed')
            and ((w.purpose = 'sign_in' and w.created_at < ${at(-PHONE_CODE_LIMITS.whatsappDeliveryWaitMs)})
              or (w.purpose <> 'sign_in' and w.created_at < ${at(-UNCONFIRMED_FALLBACK_MS)}
                  and w.status = 'unconfirmed'))
            and not exists (select 1 from message_outbox s
              where s.event_key = w.event_key and s.channel = 'sms' and s.recipient = w.recipient)
          limit 50`,
    );
    for (const { id } of late) {
      const template = await queryRows<{ template: string }>(
        db,
        sql`select template from message_outbox where id = ${id}`,
      );
      if (template[0] && templateOf(template[0].template).fallsBackToSms) {
        await queueSmsFallback(db, id);
      }
    }
  }

  async function deliverOnce(): Promise<number> {
    await upkeep();
    const claimed = await queryRows<ClaimedRow>(
      db,
      sql`update message_outbox set status = 'sending', attempts = attempts + 1,
            claimed_until = ${at(CLAIM_LEASE_MS)}
          where id in (
            select id from message_outbox
            where status = 'queued' and next_attempt_at <= ${at()}
            order by created_at limit ${BATCH_SIZE} for update skip locked)
          returning id, event_key, channel, recipient, user_id, purpose, template, variables,
            attempts`,
    );
    await Promise.all(claimed.map((row) => sendOne(row)));
    return claimed.length;
  }

  return {
    /**
     * Queues a message in `tx` (the transaction of the event it reports). A channel this shop
     * cannot send on is replaced by the other when the template allows; answers the row's id,
     * or undefined when it was queued before (or no channel can take it).
     */
    async enqueueMessage(tx: Executor, message: MessageToQueue): Promise<string | undefined> {
      const template = templateOf(message.template);
      if (template.purpose !== message.purpose) {
        throw new Error(
          `${message.template} is a ${template.purpose} message, not ${message.purpose}`,
        );
      }
      for (const name of template.variables) {
        if (deps.secretValues[message.template] && !(name in message.variables)) continue;
        const problem = variableProblem(name, message.variables[name] ?? '');
        if (problem) throw invalid(`The message cannot be sent: ${problem}.`);
      }
      let channel: MessageChannel | undefined = message.channel;
      if (!senders[channel]) {
        channel =
          channel === 'whatsapp' && template.fallsBackToSms && senders.sms ? 'sms' : undefined;
      }
      if (!channel) return undefined;
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into message_outbox
              (event_key, channel, recipient, user_id, purpose, template, variables,
               next_attempt_at, created_at)
            values (${message.eventKey}, ${channel}, ${message.phone}, ${message.userId ?? null},
              ${message.purpose}, ${message.template}, ${JSON.stringify(message.variables)}::jsonb,
              ${at()}, ${at()})
            on conflict (event_key, channel, recipient) do nothing
            returning id`,
      );
      return row?.id;
    },

    /**
     * Withdraws what is queued and not yet sent for her and a purpose (consent withdrawn):
     * answers how many messages were cancelled.
     */
    async cancelQueued(
      /** The transaction recording the withdrawal: both commit together, or neither. */
      tx: Executor,
      input: {
        userId: string;
        purpose: MessagePurpose;
        channel?: MessageChannel;
      },
    ) {
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`update message_outbox set status = 'cancelled'
            where user_id = ${input.userId} and purpose = ${input.purpose} and status = 'queued'
              ${input.channel ? sql`and channel = ${input.channel}` : sql``}
            returning id`,
      );
      return rows.length;
    },

    /**
     * Applies a provider's status once: statuses only move forward (a replayed or late one
     * changes nothing), and a WhatsApp message that newly failed goes by SMS. Answers whether it
     * changed anything.
     */
    async applyStatus(channel: MessageChannel, report: ReportedStatus): Promise<boolean> {
      return db.transaction(async (tx) => {
        const reference =
          report.reference && /^[0-9a-f-]{36}$/.test(report.reference) ? report.reference : null;
        // The row by its provider id; or one whose id was never recorded (its process died, or
        // the answer was lost), by our reference (WhatsApp) or its number (MSG91).
        const [row] = await queryRows<{ id: string; status: string; template: string }>(
          tx,
          sql`select id, status, template from message_outbox
              where channel = ${channel} and (provider_message_id = ${report.providerMessageId}
                or (provider_message_id is null and status = 'unconfirmed' and (
                  id::text = ${reference ?? ''}
                  or (${reference === null && report.number !== undefined} and recipient = ${report.number ?? ''}))))
              order by (provider_message_id is not null) desc, created_at desc
              limit 1 for update`,
        );
        if (!row) return false;
        const rank: Record<string, number> = {
          queued: 0,
          sending: 1,
          unconfirmed: 1,
          sent: 2,
          delivered: 3,
          read: 4,
          failed: 5,
          cancelled: 5,
        };
        const moves =
          report.status === 'failed'
            ? (rank[row.status] ?? 5) <= 2
            : (rank[report.status] ?? 0) > (rank[row.status] ?? 5) && row.status !== 'failed';
        await tx.execute(sql`
          update message_outbox set
            provider_message_id = coalesce(provider_message_id, ${report.providerMessageId}),
            status = ${moves ? report.status : sql`status`},
            claimed_until = null,
            sent_at = coalesce(sent_at, ${at()}),
            delivered_at = case when ${report.status} in ('delivered', 'read')
              then coalesce(delivered_at, ${at()}) else delivered_at end,
            read_at = case when ${report.status} = 'read' then coalesce(read_at, ${at()}) else read_at end,
            failed_at = case when ${moves && report.status === 'failed'}
              then coalesce(failed_at, ${at()}) else failed_at end,
            error = coalesce(${report.error ?? null}, error)
          where id = ${row.id}`);
        if (
          moves &&
          report.status === 'failed' &&
          channel === 'whatsapp' &&
          templateOf(row.template).fallsBackToSms
        ) {
          await queueSmsFallback(tx, row.id);
        }
        return moves;
      });
    },

    /**
     * Sends what is due, pass after pass while a pass claims a full batch; a call while a run is
     * under way makes it run once more.
     */
    deliver(): Promise<number> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let total = 0;
        try {
          let more = true;
          while (more) {
            again = false;
            const batch = await deliverOnce();
            total += batch;
            more = batch === BATCH_SIZE || again;
          }
        } finally {
          running = undefined;
        }
        return total;
      })();
      return running;
    },

    /** Waits for a run under way (the server closing). */
    async idle() {
      await running?.catch(() => undefined);
    },

    /**
     * Forgets an erased account's messages in `tx`: what is still queued is cancelled, and every
     * message of hers (by account, or to her former number) keeps no number and no values. Each
     * row's event key takes its own id, so emptied numbers never collide on the unique key.
     */
    async forgetRecipient(tx: Executor, target: { userId: string; phone: string }) {
      await tx.execute(
        sql`update message_outbox
            set status = case when status = 'queued' then 'cancelled' else status end,
                recipient = '', variables = '{}'::jsonb,
                event_key = event_key || ':erased:' || id::text
            where user_id = ${target.userId}
               ${target.phone ? sql`or recipient = ${target.phone}` : sql``}`,
      );
    },

    /** Her messages, newest first (the order timeline, her data export). */
    async messagesOf(
      /** Her data export reads it inside its own snapshot. */
      tx: Executor,
      filter: {
        userId?: string;
        eventKeyPrefix?: string;
      },
    ): Promise<MessageRecord[]> {
      return queryRows<MessageRecord>(
        tx,
        sql`select id, event_key as "eventKey", channel, recipient, purpose, template, status,
              provider_message_id as "providerMessageId", error, fallback_of as "fallbackOf",
              created_at::text as "createdAt", sent_at::text as "sentAt",
              delivered_at::text as "deliveredAt", read_at::text as "readAt",
              failed_at::text as "failedAt"
            from message_outbox
            where true
              ${filter.userId ? sql`and user_id = ${filter.userId}` : sql``}
              ${filter.eventKeyPrefix ? sql`and starts_with(event_key, ${filter.eventKeyPrefix})` : sql``}
            order by created_at desc, id`,
      );
    },

    /** The channels this shop can send on now. */
    channels(): MessageChannel[] {
      return (['whatsapp', 'sms'] as const).filter((channel) => senders[channel] !== undefined);
    },
  };
}

export type MessageOutbox = ReturnType<typeof createMessageOutbox>;
