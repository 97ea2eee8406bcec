/**
 * The mail thread: renders and sends (or writes to the outbox folder) the messages the server's
 * mailer hands it, one reply per message (see `createMailer`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  createMailTransport,
  type MailerOptions,
  type MailMessage,
  type MailThreadReply,
} from './mailer.ts';

const port = parentPort;
if (!port) throw new Error('mail-thread runs only as a worker thread');
const transport = createMailTransport(workerData as MailerOptions, { ownThread: true });

/** Messages are sent one after another, in the order they came: one SMTP connection at a time. */
let previous: Promise<unknown> = Promise.resolve();

port.on('message', ({ id, message }: { id: number; message: MailMessage }) => {
  const reply = (answer: MailThreadReply) => port.postMessage(answer);
  previous = previous
    .then(() => transport.send(message))
    .then(
      (sent) => reply({ id, ok: true, ...(sent?.messageId ? { messageId: sent.messageId } : {}) }),
      (error: unknown) =>
        reply({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
});
