import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
  /** The decoded text/html part. */
  html: string;
  raw: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function part(raw: string, type: string): string {
  const start = raw.indexOf(`Content-Type: ${type}`);
  if (start < 0) return '';
  const headerEnd = raw.indexOf('\n\n', start);
  const headers = raw.slice(start, headerEnd);
  // The part ends at the message's MIME boundary, not at any line starting with '--' (a token
  // with '--' in it can begin a line after a quoted-printable soft break).
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((match) => match[1]!);
  const ends = boundaries
    .map((boundary) => raw.indexOf(`\n--${boundary}`, headerEnd + 2))
    .filter((index) => index >= 0);
  const bodyEnd = ends.length > 0 ? Math.min(...ends) : -1;
  const body = raw.slice(headerEnd + 2, bodyEnd < 0 ? undefined : bodyEnd);
  if (/quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** Every .eml in the outbox, oldest first, with its text and HTML parts decoded. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(join(dir, file), 'utf8');
      const header = (name: string) =>
        new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
      return {
        file,
        to: header('To'),
        subject: header('Subject'),
        text: part(raw, 'text/plain'),
        html: part(raw, 'text/html'),
        raw,
      };
    }),
  );
}

/** The last mail sent to `to` whose subject matches. */
export async function lastMailTo(dir: string, to: string, subject: RegExp) {
  const mails = (await readOutbox(dir)).filter(
    (mail) => mail.to.includes(to) && subject.test(mail.subject),
  );
  return mails.at(-1);
}

/** The token of the first `{base}/{page}?token=...` link in a mail's text. */
export function linkToken(mail: OutboxMail | undefined, page: string): string | undefined {
  const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(mail?.text ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/** A mail's attached files, decoded from their base64 parts. */
export function attachmentsOf(
  mail: OutboxMail,
): { filename: string; contentType: string; content: Buffer }[] {
  const boundaries = [...mail.raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((match) => match[1]!);
  if (boundaries.length === 0) return [];
  const escaped = boundaries.map((boundary) => boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = mail.raw.split(new RegExp(`\\r?\\n--(?:${escaped.join('|')})(?:--)?`));
  return parts.flatMap((part) => {
    const headerEnd = part.search(/\r?\n\r?\n/);
    if (headerEnd < 0) return [];
    // Folded header lines are joined before reading them.
    const headers = part.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
    if (!/^Content-Disposition: attachment/im.test(headers)) return [];
    return [
      {
        filename: /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? '',
        contentType: /^Content-Type: ([^;\r\n]+)/im.exec(headers)?.[1]?.trim() ?? '',
        content: Buffer.from(part.slice(headerEnd).replace(/\s+/g, ''), 'base64'),
      },
    ];
  });
}
