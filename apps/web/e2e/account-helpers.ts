import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

let counter = 0;
/** A fresh shopper for one test. */
export function newShopper() {
  counter += 1;
  return {
    firstName: 'Meera',
    lastName: 'Iyer',
    email: `e2e.${Date.now()}.${counter}.${Math.random().toString(36).slice(2, 7)}@example.in`,
    password: 'jasmine-petal-4',
    phone: '+91 98765 43210',
  };
}

/** The sign-in dialog, opened from the header's account button. */
export function signInDialog(page: Page) {
  return page.getByRole('dialog');
}

export async function openSignIn(page: Page) {
  const dialog = signInDialog(page);
  if (!(await dialog.isVisible())) {
    await page.getByRole('button', { name: 'Sign in' }).first().click();
  }
  await dialog.getByLabel('Email').waitFor();
  return dialog;
}

export async function signUpThroughDialog(page: Page, shopper: ReturnType<typeof newShopper>) {
  const dialog = await openSignIn(page);
  const toSignup = dialog.getByRole('button', { name: 'Create an account' });
  if (await toSignup.isVisible()) await toSignup.click();
  await dialog.getByLabel('First name').fill(shopper.firstName);
  await dialog.getByLabel('Last name').fill(shopper.lastName);
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel(/^Password/).fill(shopper.password);
  await dialog.getByLabel('Phone').fill(shopper.phone);
  // Returns once the shop has answered: a sign-up hashes the password, which on a loaded
  // machine takes longer than the second a test's next poll allows for the page to react.
  await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/signup', {
      timeout: 30_000,
    }),
    dialog.getByRole('button', { name: 'Create Account' }).click(),
  ]);
}

/** The decoded text of the newest mail to `to` whose subject matches. */
export async function lastMail(
  dataDir: string,
  to: string,
  subject: RegExp,
): Promise<string | undefined> {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return undefined;
  }
  for (const file of files.reverse()) {
    const raw = await readFile(join(dir, file), 'utf8');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1] ?? '';
    if (!header('To').includes(to) || !subject.test(header('Subject'))) continue;
    // Quoted-printable soft breaks and escapes, enough to read a link.
    return raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return undefined;
}
