import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL, shopDataDir } from './shop.ts';
import { launchBrowser, openPage, waitForHydration } from './browser.ts';
import {
  lastMail,
  newShopper,
  openSignIn,
  signInDialog,
  signUpThroughDialog,
} from './account-helpers.ts';

let browser: Browser;
const baseURL = () => shopURL();
const dataDir = () => shopDataDir();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

for (const viewport of ['phone', 'desktop'] as const) {
  describe(`accounts (${viewport})`, () => {
    it('signs up after showing the field messages, signs out, and signs in again', async () => {
      const { page, context, problems } = await openPage(browser, baseURL(), viewport);
      await page.goto('/about');
      await waitForHydration(page);
      const dialog = await openSignIn(page);
      await dialog.getByRole('button', { name: 'Create an account' }).click();
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      for (const message of [
        'First name is required.',
        'Last name is required.',
        'Valid email is required.',
        'Password must be at least 6 characters.',
        'Valid phone number is required.',
      ]) {
        await expect.poll(() => dialog.getByText(message).isVisible()).toBe(true);
      }
      // Toggling modes clears the form and its messages.
      await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
      await dialog.getByRole('button', { name: 'Create an account' }).click();
      expect(await dialog.getByText('First name is required.').count()).toBe(0);

      const shopper = newShopper();
      await signUpThroughDialog(page, shopper);
      await expect.poll(() => page.getByText('Registration successful!').isVisible()).toBe(true);
      await expect.poll(() => signInDialog(page).isVisible()).toBe(false);
      expect(
        await page.evaluate(() =>
          Boolean(localStorage.getItem('token') && localStorage.getItem('refreshToken')),
        ),
      ).toBe(true);

      await page.getByRole('link', { name: 'My account' }).first().click();
      await page.waitForURL('**/profile');
      await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(shopper.email);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBe(null);

      const again = await openSignIn(page);
      await again.getByLabel('Email').fill(shopper.email.toUpperCase());
      await again.getByLabel('Password').fill('wrong-password');
      await again.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect
        .poll(() => again.getByRole('alert').textContent())
        .toBe('Invalid email or password');
      await again.getByLabel('Password').fill(shopper.password);
      await again.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect.poll(() => page.getByText('Login successful!').isVisible()).toBe(true);
      await expect
        .poll(() => page.getByRole('link', { name: 'My account' }).first().isVisible())
        .toBe(true);
      // The one failed request is the wrong password's 401.
      expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
      await context.close();
    });
  });
}

describe('profile', () => {
  it('edits the details and an address, with the pin code rule', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/');
    await waitForHydration(page);
    const shopper = newShopper();
    await signUpThroughDialog(page, shopper);
    await expect
      .poll(() => page.getByRole('link', { name: 'My account' }).first().isVisible())
      .toBe(true);
    await page.goto('/profile');
    await waitForHydration(page);
    await page.getByLabel('First name').fill('Meenakshi');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Profile updated successfully!').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Add address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel('Address name').fill('Home');
    await form.getByLabel('Address line 1').fill('12 MG Road');
    await form.getByLabel('PIN code').fill('5600');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => form.getByText('Invalid PIN code').isVisible()).toBe(true);
    await form.getByLabel('PIN code').fill('560001');
    await form.getByLabel('City').fill('Bengaluru');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => page.getByTestId('saved-address').count()).toBe(1);

    await page.getByRole('button', { name: 'Edit Home' }).click();
    const edit = page.getByRole('form', { name: 'Edit Home' });
    await edit.getByLabel('Address line 1').fill('14 MG Road');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect
      .poll(() => page.getByTestId('saved-address').first().textContent())
      .toContain('14 MG Road');

    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Meenakshi');
    await expect
      .poll(() => page.getByTestId('saved-address').first().textContent())
      .toContain('560001');
    await page.getByRole('button', { name: 'Delete Home' }).click();
    await expect.poll(() => page.getByTestId('saved-address').count()).toBe(0);
    await context.close();
  });

  it('sends a signed-out shopper home with the sign-in dialog open', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'phone');
    await page.goto('/profile');
    await waitForHydration(page);
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => signInDialog(page).isVisible()).toBe(true);
    await context.close();
  });
});

describe('password reset', () => {
  it('resets the password through the link in the outbox mail', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'phone');
    await page.goto('/');
    await waitForHydration(page);
    const shopper = newShopper();
    await signUpThroughDialog(page, shopper);
    await expect
      .poll(() => page.getByRole('link', { name: 'My account' }).first().isVisible())
      .toBe(true);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await waitForHydration(page);

    const dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByLabel('Email').fill(shopper.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.getByText('Password reset email sent successfully!').isVisible())
      .toBe(true);

    let mail: string | undefined;
    await expect
      .poll(async () => (mail = await lastMail(dataDir(), shopper.email, /reset/i)))
      .toBeTruthy();
    const link = /(http:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_%-]+)/.exec(mail!)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await waitForHydration(page);
    await page.getByLabel(/New password/).fill('new-lotus-bloom-5');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect
      .poll(() => page.getByText('Password reset successfully!').first().isVisible())
      .toBe(true);

    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    const signIn = await openSignIn(page);
    await signIn.getByLabel('Email').fill(shopper.email);
    await signIn.getByLabel('Password').fill('new-lotus-bloom-5');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByText('Login successful!').isVisible()).toBe(true);
    await context.close();
  });
});

describe('two tabs', () => {
  it('stay in step when one signs out', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 1280, height: 900 },
    });
    const first = await context.newPage();
    await first.goto('/about');
    await waitForHydration(first);
    await signUpThroughDialog(first, newShopper());
    await expect
      .poll(() => first.getByRole('link', { name: 'My account' }).first().isVisible())
      .toBe(true);

    const second = await context.newPage();
    await second.goto('/about');
    await waitForHydration(second);
    await expect
      .poll(() => second.getByRole('link', { name: 'My account' }).first().isVisible())
      .toBe(true);

    await first.goto('/profile');
    await waitForHydration(first);
    await first.getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(() => second.getByRole('button', { name: 'Sign in' }).first().isVisible())
      .toBe(true);
    await context.close();
  });
});

describe('Google sign-in failure', () => {
  it('tells the shopper on the home page', async () => {
    const { page, context } = await openPage(browser, baseURL(), 'desktop');
    await page.goto('/?authError=google-auth-failed');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('Google sign-in failed');
    await context.close();
  });
});
