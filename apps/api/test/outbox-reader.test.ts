// The test outbox reader: a mail's text part ends at its MIME boundary, whatever its lines hold.
import { it, expect } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailTransport } from '../src/adapters/mail/mailer.ts';
import { verificationMail } from '../src/features/auth/auth-mails.ts';
import { readOutbox, linkToken } from './outbox.ts';

it('parses a token that a soft break puts at a line start after --', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tok-'));
  const transport = createMailTransport({ smtpUrl: undefined, outboxDir: dir, from: 'shop@x.in' });
  const t = 'zWk6G4wKmk1g18SniuJRtEkryB613OYq--RwwK0fTBY';
  await transport.send(
    verificationMail('u@example.in', 'Asha', `http://localhost:3000/verify-email?token=${t}`),
  );
  const [mail] = await readOutbox(dir);
  expect(linkToken(mail, 'verify-email')).toBe(t);
  expect(mail!.html).toContain('verify-email');
});
