import { inArray, sql } from 'drizzle-orm';
import type { MailAttachment, Mailer, MailMessage } from '../../adapters/mail/mailer.ts';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

const MAX_ATTEMPTS = 10;
/**
 * Mails claimed by one statement; a pass that claims this many is followed by another. Small: on
 * the embedded database a claim holds up every other query while it runs.
 */
const BATCH_SIZE = 10;

/**
 * Mails queued as a template name and its data: by a database function (it cannot write them
 * itself), or by a feature whose mail carries a secret that must not sit in the outbox (it is
 * derived again from the data when the mail is written). Each template writes its mail from the
 * data when the mail is delivered, reading what else it needs then.
 */
export type MailTemplates = Record<string, (data: unknown) => MailMessage | Promise<MailMessage>>;
/** An order's GST invoice as a mail carries it, or nothing while none can be issued. */
export type InvoiceAttachmentSource = (orderId: string) => Promise<MailAttachment | undefined>;

/** What a queued mail carries besides its text. */
export interface MailExtras {
  /** The order whose GST invoice is attached when the mail is delivered (if one is issued). */
  invoiceOf?: string;
}

/** Delivered mails the retention sweep clears or deletes per statement, pass after pass. */
const SWEEP_BATCH_SIZE = 500;

/** A batch running longer than this marks what it has delivered so far. */
const MARK_SENT_AFTER_MS = 10_000;

/** An outbox row as a delivery claims it: a written mail, or a template and its data. */
interface ClaimedMail {
  id: string;
  recipient: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  template: string | null;
  data: unknown;
  attachInvoiceOf: string | null;
}

/**
 * Mail written in the same transaction as the change it reports, and sent after that transaction
 * commits: a rolled-back order sends nothing, a committed one is never silently forgotten, and no
 * transaction waits on a mail server. `deliver` claims mails with one statement (no transaction
 * stays open while sending), so several processes can deliver side by side.
 */
export function createMailOutbox(
  db: Database,
  mailer: Mailer,
  log: (error: unknown, message: string) => void,
  templates: MailTemplates,
  invoiceAttachment?: InvoiceAttachmentSource,
) {
  let delivering: Promise<number> | undefined;
  /** Mail was queued while a run was under way: the run makes another pass for it. */
  let queuedMeanwhile = false;
  /** The server is closing: the run ends after its current pass. */
  let closing = false;

  async function deliverOnce(): Promise<number> {
    const claimed = await queryRows<ClaimedMail>(
      db,
      sql`update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes'
          where id in (
            select id from mail_outbox
            where sent_at is null and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
            order by created_at limit ${BATCH_SIZE} for update skip locked)
          returning id, recipient, subject, text, html, template, data,
                    attach_invoice_of as "attachInvoiceOf"`,
    );
    // Delivered mails are marked sent together, at the end of the batch or once it has run for
    // `MARK_SENT_AFTER_MS`: a claim lapses after 5 minutes, and a mail left unmarked by then could
    // be sent again by another process. Delivery is at least once either way (a process that
    // stops before marking sends those mails again when their claim lapses).
    let sent: { id: string; to: string; messageId: string | undefined }[] = [];
    let markBy = Date.now() + MARK_SENT_AFTER_MS;
    const markSent = async () => {
      if (sent.length === 0) return;
      const delivered = sent;
      sent = [];
      // A delivered mail keeps who it went to, its template, its times and the provider's id;
      // its subject, body and data (addresses, order lines, a grievance's text) go at once.
      const byId = JSON.stringify(
        Object.fromEntries(
          delivered.map(({ id, to, messageId }) => [id, { to, messageId: messageId ?? null }]),
        ),
      );
      try {
        await db
          .update(mailOutbox)
          .set({
            sentAt: sql`now()`,
            recipient: sql`${byId}::jsonb -> (${mailOutbox.id}::text) ->> 'to'`,
            providerMessageId: sql`${byId}::jsonb -> (${mailOutbox.id}::text) ->> 'messageId'`,
            subject: null,
            text: null,
            html: null,
            data: null,
          })
          .where(
            inArray(
              mailOutbox.id,
              delivered.map(({ id }) => id),
            ),
          );
      } catch (error) {
        log(
          error,
          `could not mark ${delivered.length} delivered mails sent; they may be sent again`,
        );
      }
    };
    // The batch goes to the mailer at once: its thread takes the messages in one wake-up and
    // sends them one after another, instead of a round trip between the threads per mail.
    const deliveries = claimed.map(async (row) => {
      let mail: MailMessage | undefined;
      try {
        mail = await compose(row);
        if (mail.to === '') {
          // An account made with a phone number has no email until she adds one: there is no
          // one to mail, and the row is settled as sent to nobody (never retried).
          sent.push({ id: row.id, to: '', messageId: undefined });
          return;
        }
        const receipt = await mailer.send(mail);
        sent.push({ id: row.id, to: mail.to, messageId: receipt?.messageId });
      } catch (error) {
        log(error, `could not send "${mail?.subject ?? row.template}"; will retry`);
      }
      if (Date.now() >= markBy) {
        markBy = Date.now() + MARK_SENT_AFTER_MS;
        await markSent();
      }
    });
    await Promise.all(deliveries);
    await markSent();
    return claimed.length;
  }

  /**
   * A claimed mail as it is sent: as queued, or written now from its template's data, with the
   * order's invoice attached when it asks for one. An invoice that cannot be issued (the shop has
   * no GSTIN yet, a product has no HSN code, the database failed) leaves the mail without it: the
   * shopper still hears that her parcel moved, and downloads the invoice from My Orders.
   */
  async function compose(row: ClaimedMail): Promise<MailMessage> {
    let mail: MailMessage;
    if (row.template === null) {
      mail = { to: row.recipient!, subject: row.subject!, text: row.text!, html: row.html! };
    } else if (Object.hasOwn(templates, row.template)) {
      mail = await templates[row.template]!(row.data);
    } else {
      throw new Error(`no mail template "${row.template}"`);
    }
    if (row.attachInvoiceOf && invoiceAttachment) {
      try {
        const invoice = await invoiceAttachment(row.attachInvoiceOf);
        if (invoice) mail = { ...mail, attachments: [invoice] };
      } catch (error) {
        log(error, `could not attach the invoice of order ${row.attachInvoiceOf}; sent without it`);
      }
    }
    return mail;
  }

  /**
   * Sends what is due, pass after pass while a pass claims a full batch or more mail was queued
   * meanwhile, so a burst of orders is confirmed as fast as the mailer takes it. Concurrent calls
   * in one process share one run; answers how many mails the run claimed.
   */
  function deliver(): Promise<number> {
    if (delivering) {
      queuedMeanwhile = true;
      return delivering;
    }
    delivering = (async () => {
      let claimed = 0;
      let more: boolean;
      do {
        queuedMeanwhile = false;
        const batch = await deliverOnce();
        claimed += batch;
        more = batch === BATCH_SIZE || queuedMeanwhile;
      } while (more && !closing);
      return claimed;
    })().finally(() => {
      delivering = undefined;
    });
    return delivering;
  }

  /**
   * One pass of `forgetDelivered`'s statements, each on at most SWEEP_BATCH_SIZE rows; answers the
   * rows it changed.
   */
  async function sweepOnce(retentionDays: number): Promise<number> {
    // Rows an older release delivered still hold their content: it goes (a template's recipient
    // is kept from its data first). Rows past the retention period are deleted below.
    const cleared = await queryRows<{ id: string }>(
      db,
      sql`update mail_outbox set recipient = coalesce(recipient, data -> 'recipient' ->> 'email'),
            subject = null, text = null, html = null, data = null
          where id in (
            select id from mail_outbox
            where sent_at >= now() - make_interval(days => ${retentionDays})
              and (subject is not null or text is not null or html is not null or data is not null)
            limit ${SWEEP_BATCH_SIZE} for update skip locked)
          returning id`,
    );
    // Delivered mails past the retention period go; so do mails that failed every attempt, once
    // as old (they will never be sent, and still hold their content).
    const deleted = await queryRows<{ id: string }>(
      db,
      sql`delete from mail_outbox
          where id in (
            select id from mail_outbox
            where (sent_at is not null
                    and sent_at < now() - make_interval(days => ${retentionDays}))
               or (sent_at is null and attempts >= ${MAX_ATTEMPTS}
                    and created_at < now() - make_interval(days => ${retentionDays}))
            limit ${SWEEP_BATCH_SIZE} for update skip locked)
          returning id`,
    );
    return cleared.length + deleted.length;
  }

  return {
    /**
     * The retention sweep: clears what delivered mails still hold, and deletes delivered mails
     * (and mails that failed every attempt) older than `retentionDays`. Safe to run from several
     * processes at once; answers the rows it cleared or deleted.
     */
    async forgetDelivered(retentionDays: number): Promise<number> {
      let total = 0;
      for (;;) {
        const changed = await sweepOnce(retentionDays);
        total += changed;
        if (changed === 0 || closing) return total;
      }
    },
    /**
     * Queues a mail its template writes when it is delivered (see MailTemplates). The data must
     * hold no secret, only what the template derives one from (a salt, an id): it stays in the
     * outbox until the mail is delivered.
     */
    async enqueueTemplate(
      tx: Executor,
      template: string,
      data: Record<string, unknown>,
      extras: MailExtras = {},
    ) {
      await tx.insert(mailOutbox).values({
        template,
        data,
        attachInvoiceOf: extras.invoiceOf ?? null,
      });
    },
    async enqueue(tx: Executor, message: MailMessage, extras: MailExtras = {}) {
      await tx.insert(mailOutbox).values({
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachInvoiceOf: extras.invoiceOf ?? null,
      });
    },
    /**
     * The mails to one address the outbox still knows of (delivered ones until the retention
     * sweep deletes them), for her data download: what went, when, and what it was about.
     */
    async mailsTo(tx: Executor, email: string) {
      return queryRows<{
        subject: string | null;
        template: string | null;
        queuedAt: Date;
        sentAt: Date | null;
      }>(
        tx,
        sql`select subject, template, created_at as "queuedAt", sent_at as "sentAt"
            from mail_outbox
            where coalesce(recipient, data -> 'recipient' ->> 'email') = ${email}
            order by created_at`,
      );
    },
    /**
     * Forgets an erased account's mail in `tx`: unsent mails to her address (or about her
     * grievances, which would be written to it) are dropped, and delivered ones keep no address.
     */
    async forgetRecipient(tx: Executor, email: string, grievanceIds: string[]) {
      await tx.execute(
        sql`delete from mail_outbox
            where sent_at is null
              and (coalesce(recipient, data -> 'recipient' ->> 'email') = ${email}
                   ${grievanceIds.length > 0 ? sql`or data ->> 'grievanceId' in ${grievanceIds}` : sql``})`,
      );
      await tx.execute(
        sql`update mail_outbox set recipient = null, subject = null, text = null, html = null,
              data = null
            where sent_at is not null
              and coalesce(recipient, data -> 'recipient' ->> 'email') = ${email}`,
      );
    },
    /** Ends the delivery under way after its current pass; resolves once it has (on closing). */
    async idle() {
      closing = true;
      await delivering?.catch(() => undefined);
    },
    /** Starts sending what is due, without waiting (after the commit that queued a mail). */
    deliverSoon(): void {
      deliver().catch((error: unknown) => log(error, 'mail delivery failed; will retry'));
    },
    deliver,
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
