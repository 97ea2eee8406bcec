import { randomBytes } from 'node:crypto';
import { writeFile as writeFileCallback } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import nodemailer, { type Transporter } from 'nodemailer';

// The callback form: the promise form opens a FileHandle per file, which measured several times
// the cost of the write itself for a mail-sized file.
const writeFile = promisify(writeFileCallback);

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Mail through SMTP when `smtpUrl` is set; otherwise each message is rendered by nodemailer exactly
 * as it would be sent and written as an .eml file into `outboxDir` (open it in any mail program).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
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
      const info = await transport.sendMail({ from: options.from, ...message });
      // Sortable by time, unique across processes writing into one folder.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(options.outboxDir, name);
      await makeFolder();
      try {
        await writeFile(file, info.message as Buffer);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        folderMade = undefined;
        await makeFolder();
        await writeFile(file, info.message as Buffer);
      }
    },
  };
}
