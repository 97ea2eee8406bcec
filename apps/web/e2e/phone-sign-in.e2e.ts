import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMail, openSignIn, signInDialog } from './account-helpers.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import { shopDataDir, shopURL } from './shop.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The code the messaging simulator delivered to a number, as her phone shows it. */
async function codeSentTo(phone: string): Promise<string | undefined> {
  const folder = join(shopDataDir(), 'messages');
  const names = (await readdir(folder).catch(() => [] as string[])).sort();
  let code: string | undefined;
  for (const name of names) {
    const message = JSON.parse(await readFile(join(folder, name), 'utf8')) as {
      to: string;
      template: string;
      variables: string[];
    };
    if (message.to === phone && message.template === 'sign_in_code') code = message.variables[0];
  }
  return code;
}

let numbers = 0;
for (const viewport of ['phone', 'desktop'] as const) {
  describe(`sign-in with a phone number (${viewport})`, () => {
    it('sends a code to her number and signs her in with it; she adds her e-mail by a mailed link', async () => {
      numbers += 1;
      const phone = `93${String(Date.now()).slice(-6)}${numbers}${viewport === 'phone' ? 1 : 2}`;
      const { page, context, problems } = await openPage(browser, shopURL(), viewport);
      await page.goto('/about');
      await waitForHydration(page);
      const dialog = await openSignIn(page);
      await dialog.getByRole('button', { name: 'Continue with phone number' }).click();
      await dialog.getByLabel('Mobile number').fill(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
      await dialog.getByRole('button', { name: 'Send code' }).click();
      const codeInput = dialog.getByLabel('Code');
      await codeInput.waitFor();
      expect(await codeInput.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await codeInput.getAttribute('inputmode')).toBe('numeric');
      await expect.poll(() => codeSentTo(phone)).toMatch(/^\d{6}$/);
      await codeInput.fill((await codeSentTo(phone))!);
      await dialog.getByRole('button', { name: 'Verify and continue' }).click();
      // A new number makes a new account: her first name is asked next.
      await dialog.getByLabel('First name').fill('Kavya');
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect.poll(() => signInDialog(page).isVisible()).toBe(false);
      expect(
        await page.evaluate(() =>
          Boolean(localStorage.getItem('token') && localStorage.getItem('refreshToken')),
        ),
      ).toBe(true);

      // Her account has no e-mail: the profile offers to add one, by a link mailed to it.
      const email = `kavya.${viewport}.${Date.now()}@example.in`;
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Add your e-mail' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await page.getByText('Check your inbox').waitFor();
      await expect.poll(() => lastMail(shopDataDir(), email, /add this email/i)).toBeTruthy();
      const mail = (await lastMail(shopDataDir(), email, /add this email/i))!;
      await page.goto(/\/verify-email\?token=[A-Za-z0-9_%-]+/.exec(mail)![0]);
      await page.getByText('Email verified successfully!').first().waitFor();
      await page.goto('/profile');
      await expect.poll(() => page.locator('#profile-email').inputValue()).toBe(email);
      expect(await page.getByRole('heading', { name: 'Add your e-mail' }).count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
