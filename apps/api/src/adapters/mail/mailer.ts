import { randomBytes } from 'node:crypto';
import { writeFile as writeFileCallback, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import nodemailer, { type Transporter } from 'nodemailer';
import {
  createOutboundPolicy,
  DEFAULT_OUTBOUND_SETTINGS,
  type OutboundPolicy,
} from '../outbound.ts';

// The callback form: the promise form opens a FileHandle per file, which measured several times
// the cost of the write itself for a mail-sized file.
const writeFile = promisify(writeFileCallback);

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/**
 * nodemailer's form of a message. Attachments are copied as Buffers: a Buffer handed to the mail
 * thread arrives there as a plain Uint8Array, which nodemailer would not take as content.
 */
function nodemailerMessage(from: string, message: MailMessage) {
  const { attachments, ...rest } = message;
  return {
    from,
    ...rest,
    ...(attachments?.length
      ? {
          attachments: attachments.map((one) => ({
            filename: one.filename,
            contentType: one.contentType,
            content: Buffer.from(
              one.content.buffer,
              one.content.byteOffset,
              one.content.byteLength,
            ),
          })),
        }
      : {}),
  };
}

/** What a transport says of a message it took: the message id it gave it (the Message-ID). */
export interface SentMail {
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail | void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  /**
   * How long the SMTP server may stay silent: to connect, to greet, and between any two steps of
   * a message (OUTBOUND_TIMEOUT_MS). nodemailer's own waits run to minutes.
   */
  timeoutMs?: number;
}

/**
 * Mail through SMTP when `smtpUrl` is set; otherwise each message is rendered by nodemailer exactly
 * as it would be sent and written as an .eml file into `outboxDir` (open it in any mail program).
 * This runs on the calling thread; the server's mailer (`createMailer`) runs it on a thread of
 * its own, which passes `ownThread`: a thread that does nothing else writes each file with plain
 * blocking calls, instead of three trips through libuv's thread pool (open, write, close).
 */
export function createMailTransport(
  options: MailerOptions,
  { ownThread = false }: { ownThread?: boolean } = {},
): Mailer {
  if (options.smtpUrl) {
    const idleMs = options.timeoutMs ?? DEFAULT_OUTBOUND_SETTINGS.timeoutMs;
    // Settings in the URL's query win over these, as nodemailer merges them.
    const transport: Transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: idleMs,
      greetingTimeout: idleMs,
      socketTimeout: idleMs,
    });
    return {
      async send(message) {
        const info = await transport.sendMail(nodemailerMessage(options.from, message));
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  // The folder is made once, and again only if someone removed it meanwhile.
  let folderMade: Promise<unknown> | undefined;
  const makeFolder = () =>
    (folderMade ??= mkdir(options.outboxDir, { recursive: true }).catch((error: unknown) => {
      folderMade = undefined;
      throw error;
    }));
  return {
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(options.from, message));
      // Sortable by time, unique across processes writing into one folder.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(options.outboxDir, name);
      const bytes = info.message as Buffer;
      const write = async () => (ownThread ? writeFileSync(file, bytes) : writeFile(file, bytes));
      await makeFolder();
      try {
        await write();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        folderMade = undefined;
        await makeFolder();
        await write();
      }
      return { messageId: info.messageId };
    },
  };
}

/** What the mail thread answers for each message it was given. */
export type MailThreadReply =
  { id: number; ok: true; messageId?: string } | { id: number; ok: false; message: string };

/**
 * The server's mailer: `createMailTransport` on a thread of its own (`mail-thread.ts`), started at
 * the first message. Rendering a message with nodemailer and writing it costs about half a
 * millisecond of CPU; every paid order queues a confirmation, and on the server's own thread that
 * work delayed the requests in flight behind it. A thread that dies fails the messages it held
 * (the outbox sends them again) and the next message starts a new one.
 */
/**
 * The thread's module: in the compiled server, the bundle built beside it; run from the sources,
 * a plain entry that loads the TypeScript thread through tsx.
 */
const mailThreadModule = import.meta.url.endsWith('.ts')
  ? new URL('./mail-thread-entry.mjs', import.meta.url)
  : new URL('./mail-thread.js', import.meta.url);

export function createMailer(
  options: MailerOptions,
  policy: OutboundPolicy = createOutboundPolicy('mail'),
): Mailer & { close(): Promise<void> } {
  let thread: Worker | undefined;
  const pending = new Map<
    number,
    { resolve: (sent: SentMail) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;

  function start(): Worker {
    const worker = new Worker(mailThreadModule, {
      workerData: options,
      // The entry registers the TypeScript loader itself; inherited flags would register it twice.
      execArgv: process.execArgv.filter((flag) => flag.startsWith('--cpu-prof')),
    });
    // An idle mail thread does not keep the process alive.
    worker.unref();
    worker.on('message', (reply: MailThreadReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve({ messageId: reply.messageId });
      else waiting.reject(new Error(reply.message));
    });
    const stopped = (error: Error) => {
      if (thread !== worker) return;
      thread = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`The mail thread stopped (exit code ${code})`)));
    return worker;
  }

  return {
    send(message) {
      // Under the mail policy's breaker: a mail server failing again and again is left alone for
      // a while (the outbox tries those messages later). No timeout of the whole message: one given
      // up midway may still go out, and would go twice; the SMTP waits above bound it instead.
      return policy.run(
        () => {
          const worker = (thread ??= start());
          const id = nextId;
          nextId += 1;
          return new Promise<SentMail>((resolve, reject) => {
            pending.set(id, { resolve, reject });
            worker.postMessage({ id, message });
          });
        },
        { timeout: false },
      );
    },
    async close() {
      const worker = thread;
      if (!worker) return;
      // No longer `thread`: its exit fails nothing twice.
      thread = undefined;
      for (const waiting of pending.values()) waiting.reject(new Error('The mailer was closed'));
      pending.clear();
      await worker.terminate();
    },
  };
}
