import { inArray, sql } from 'drizzle-orm';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer.ts';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

const MAX_ATTEMPTS = 10;

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
) {
  let delivering: Promise<number> | undefined;

  async function deliverOnce(): Promise<number> {
    const claimed = await queryRows<{
      id: string;
      recipient: string;
      subject: string;
      text: string;
      html: string;
    }>(
      db,
      sql`update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes'
          where id in (
            select id from mail_outbox
            where sent_at is null and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
            order by created_at limit 20 for update skip locked)
          returning id, recipient, subject, text, html`,
    );
    const sent: string[] = [];
    try {
      for (const mail of claimed) {
        try {
          await mailer.send({
            to: mail.recipient,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
          sent.push(mail.id);
        } catch (error) {
          log(error, `could not send "${mail.subject}"; will retry`);
        }
      }
    } finally {
      // One statement marks the whole batch sent. Delivery is at least once either way: a process
      // that stops before this statement sends those mails again when their claim lapses.
      if (sent.length > 0) {
        await db
          .update(mailOutbox)
          .set({ sentAt: sql`now()` })
          .where(inArray(mailOutbox.id, sent));
      }
    }
    return claimed.length;
  }

  return {
    async enqueue(tx: Executor, message: MailMessage) {
      await tx.insert(mailOutbox).values({
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    /** Resolves once no delivery is running (the server waits for it when closing). */
    async idle() {
      await delivering?.catch(() => undefined);
    },
    /** Sends what is due; concurrent calls in one process share one run. */
    deliver(): Promise<number> {
      delivering ??= deliverOnce().finally(() => {
        delivering = undefined;
      });
      return delivering;
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
