import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../src/adapters/mail/mailer.ts';

const root = mkdtempSync(join(tmpdir(), 'mailer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const message = (subject: string) => ({
  to: 'Meera Iyer <meera@example.in>',
  subject,
  text: 'Hello Meera,',
  html: '<p>Hello Meera,</p>',
});

describe('the outbox folder mailer', () => {
  it('writes each mail as an .eml file, making the folder first and again if it was removed', async () => {
    const outboxDir = join(root, 'outbox');
    const mailer = createMailer({
      smtpUrl: undefined,
      outboxDir,
      from: 'Lacebloom <hello@lacebloom.in>',
    });
    await mailer.send(message('First'));
    rmSync(outboxDir, { recursive: true });
    await mailer.send(message('Second'));
    await mailer.send(message('Third'));
    const files = readdirSync(outboxDir).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const subjects = files.map(
      (file) => /^Subject: (.*)$/m.exec(readFileSync(join(outboxDir, file), 'utf8'))?.[1],
    );
    expect(subjects.sort()).toEqual(['Second', 'Third']);
    await mailer.close();
  });
});
