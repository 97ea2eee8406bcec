import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopURL } from './shop.ts';
import { launchBrowser, settled } from './browser.ts';
import { checkPage, seriousViolations, type Viewport } from './page-checks.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Opens a page at a width, runs the check, and fails on any console error seen on the way. */
const onPage = (viewport: Viewport, path: string, check: (page: Page) => Promise<void>) =>
  checkPage(browser, viewport, path, check);

async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('page titles', () => {
  it('names every content page "<page> | Lacebloom"', async () => {
    const titles: Record<string, string> = {
      '/about': 'About Us | Lacebloom',
      '/faq': 'FAQ | Lacebloom',
      '/contact': 'Contact Us | Lacebloom',
      '/return-refund-policy': 'Exchange & Refund Policy | Lacebloom',
      '/return-policy': 'Exchange & Refund Policy | Lacebloom',
      '/shipping-policy': 'Shipping Policy | Lacebloom',
      '/terms-and-conditions': 'Terms & Conditions | Lacebloom',
      '/privacy-policy': 'Privacy Policy | Lacebloom',
      '/blogs': 'Journal | Lacebloom',
      '/login': 'Sign In | Lacebloom',
      '/register': 'Create Account | Lacebloom',
    };
    for (const [path, title] of Object.entries(titles)) {
      const response = await fetch(`${shopURL()}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html.match(/<title>([^<]*)<\/title>/g), path).toEqual([
        `<title>${title.replace(/&/g, '&amp;')}</title>`,
      ]);
      const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1];
      expect(description?.length ?? 0, `${path} description`).toBeGreaterThan(40);
    }
  });
});

describe('about', () => {
  it('tells the mission, story and philosophy and lists the three services', async () => {
    await onPage('phone', '/about', async (page) => {
      for (const heading of ['Our services', 'Comfort and confidence, in your size']) {
        await expect(page.getByRole('heading', { name: heading }).isVisible()).resolves.toBe(true);
      }
      const services = page.locator('section[aria-labelledby="services-title"] li h3');
      expect(await services.allTextContents()).toEqual([
        'Size Guide & Fitting Help',
        'Premium Quality Products',
        'Customer Support',
      ]);
      await expectNoSeriousA11yViolations(page);
    });
  });
});

describe('faq', () => {
  it('has five groups whose answers open and close independently (phone)', async () => {
    await onPage('phone', '/faq', async (page) => {
      const groups = page.locator('[data-faq-group] h2');
      expect(await groups.allTextContents()).toEqual([
        'Sizing & Fit',
        'Products & Care',
        'Orders & Shipping',
        'Exchanges & Refunds',
        'Account & Offers',
      ]);
      // The desktop panel is not shown on a phone.
      expect(await page.locator('#faq-current-group').isVisible()).toBe(false);

      const first = page.locator('details').nth(0);
      const second = page.locator('details').nth(1);
      const firstAnswer = first.locator('p').first();
      const secondAnswer = second.locator('p').first();
      expect(await firstAnswer.isVisible()).toBe(false);
      expect(await secondAnswer.isVisible()).toBe(false);

      await first.locator('summary').click();
      await second.locator('summary').click();
      expect(await firstAnswer.isVisible()).toBe(true);
      expect(await secondAnswer.isVisible()).toBe(true);
      expect(await page.locator('details[open]').count()).toBe(2);

      await first.locator('summary').click();
      expect(await firstAnswer.isVisible()).toBe(false);
      expect(await secondAnswer.isVisible()).toBe(true);
    });
  });

  it('never offers guest checkout', async () => {
    await onPage('phone', '/faq', async (page) => {
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).not.toMatch(/guest checkout|check ?out as a guest/i);
      expect(text).toContain('you need to sign in or create an account to check out');
    });
  });

  it('names the group in view in the left panel while scrolling (desktop)', async () => {
    await onPage('desktop', '/faq', async (page) => {
      const panelTitle = page.getByTestId('faq-panel-title');
      expect(await panelTitle.isVisible()).toBe(true);
      await expect.poll(() => panelTitle.textContent()).toBe('Sizing & Fit');
      expect(await page.getByTestId('faq-panel-description').textContent()).toContain(
        'Finding your size',
      );

      await page.locator('#returns').evaluate((element) => element.scrollIntoView());
      await expect.poll(() => panelTitle.textContent()).toBe('Exchanges & Refunds');
      await page.locator('#orders').evaluate((element) => element.scrollIntoView());
      await expect.poll(() => panelTitle.textContent()).toBe('Orders & Shipping');
      expect(await page.getByTestId('faq-panel-description').textContent()).toContain(
        'delivery times',
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => panelTitle.textContent()).toBe('Sizing & Fit');
    });
  });

  it('has no serious accessibility violations', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      await onPage(viewport, '/faq', async (page) => {
        await page.locator('details summary').first().click();
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
});

describe('contact', () => {
  it('shows the details, quick help links and the map placeholder', async () => {
    await onPage('desktop', '/contact', async (page) => {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Get in Touch');
      const details =
        (await page.locator('section[aria-labelledby="contact-details-title"]').textContent()) ??
        '';
      for (const text of [
        'care@lacebloom.in',
        'Mon-Sat 10 AM-7 PM',
        'Sunday closed',
        'within 24 hours',
        'Bengaluru',
        '+91',
      ]) {
        expect(details).toContain(text);
      }
      expect(
        await page.locator('section[aria-labelledby="contact-details-title"] li').count(),
      ).toBe(4);
      const quickHelp = await page
        .locator('section[aria-labelledby="quick-help-title"] a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(quickHelp).toEqual(['/faq', '/faq', '/return-policy']);
      expect(await page.getByRole('heading', { name: 'Find Us Here' }).isVisible()).toBe(true);
      expect(await page.getByText('Map integration coming soon').isVisible()).toBe(true);
      expect(await page.locator('a[aria-label^="Lacebloom on"]').count()).toBe(4);
      const subjects = await page
        .locator('select[name="subject"] option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(subjects).toEqual([
        '',
        'product-inquiry',
        'order-status',
        'size-fitting',
        'return-exchange',
        'complaint',
        'partnership',
        'other',
      ]);
    });
  });

  // Its validation, simulated send and reset: test/components/content/contact-form.test.tsx.

  it('has no serious accessibility violations with errors showing', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      await onPage(viewport, '/contact', async (page) => {
        await page.getByRole('button', { name: 'Send Message' }).click();
        await page.getByText('Message is required').waitFor();
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
});

describe('policy pages', () => {
  it('serves the same exchange page at both URLs', async () => {
    const texts: string[] = [];
    for (const path of ['/return-refund-policy', '/return-policy']) {
      await onPage('phone', path, async (page) => {
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
          'Exchange & Refund Policy',
        );
        const main = (await page.locator('main').textContent()) ?? '';
        expect(main).toContain('Last updated: October 8, 2025');
        expect(main).toContain('A note on hygiene');
        expect(main).toContain('within 3 days from the date of delivery');
        expect(main).toContain('What can be exchanged');
        expect(main).toContain('What cannot be exchanged');
        expect(main).toMatch(/modify an order within 2 hours/);
        expect(main).toMatch(/shipped within 2-3 business days/);
        expect(main).toMatch(/7-10 business days/);
        expect(main).toContain('Refunds');
        texts.push(main);
      });
    }
    expect(texts[0]).toBe(texts[1]);
  });

  it('dates the other legal pages and states the shipping figures', async () => {
    const pages = [
      ['/shipping-policy', 'Shipping Policy', 'October 8, 2025'],
      ['/terms-and-conditions', 'Terms & Conditions', 'October 8, 2025'],
      ['/privacy-policy', 'Privacy Policy', 'November 29, 2026'],
    ] as const;
    for (const [path, title, date] of pages) {
      await onPage('desktop', path, async (page) => {
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
        const main = (await page.locator('main').textContent()) ?? '';
        expect(main).toContain(`Last updated: ${date}`);
        expect(main).toContain('Razorpay');
        if (path === '/shipping-policy') {
          expect(main).toContain('within 5-7 business days');
          expect(main).toContain('within 2-3 business days in select cities');
          expect(main).toContain('within 8-14 days');
        }
        if (path === '/terms-and-conditions') expect(main).toContain('include GST');
        if (path === '/privacy-policy') {
          expect(main).toContain('never seen or stored');
          // The rights, the retention of each purpose, and how to withdraw or complain.
          expect(main).toContain('Download my data');
          expect(main).toContain('72 months');
          expect(main).toContain('within 90 days');
          expect(main).toContain('Grievance Officer');
        }
      });
    }
  });

  it('has no serious accessibility violations', async () => {
    await onPage('desktop', '/return-policy', async (page) => expectNoSeriousA11yViolations(page));
    await onPage('phone', '/privacy-policy', async (page) => expectNoSeriousA11yViolations(page));
  });
});

describe('blogs', () => {
  interface ApiBlog {
    _id: string;
    title: string;
    createdAt: string;
  }
  const longDate = (iso: string) =>
    new Date(iso).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'Asia/Kolkata',
    });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`lists the articles and reads one in an overlay (${viewport})`, async () => {
      const api = (await (await fetch(`${shopURL()}/api/blog`)).json()) as {
        data: ApiBlog[];
      };
      expect(api.data.length).toBeGreaterThan(0);
      await onPage(viewport, '/blogs', async (page) => {
        const cards = page.locator('main article');
        expect(await cards.count()).toBe(api.data.length);
        const dates = await page.locator('main article time').allTextContents();
        expect(dates).toEqual(api.data.map((blog) => longDate(blog.createdAt)));
        for (const date of dates) expect(date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
        expect(await page.locator('main article').getByText('Read More').count()).toBe(
          api.data.length,
        );
        // Every card image reserves its box.
        const sized = await page
          .locator('main article img')
          .evaluateAll((images) =>
            images.every((image) => image.getAttribute('width') && image.getAttribute('height')),
          );
        expect(sized).toBe(true);

        const first = api.data[0]!;
        const opener = page.getByRole('button', { name: first.title });
        await opener.click();
        const dialog = page.getByRole('dialog', { name: first.title });
        await dialog.waitFor();
        expect(await dialog.getAttribute('aria-modal')).toBe('true');
        expect(await dialog.locator('time').textContent()).toBe(longDate(first.createdAt));
        expect(await dialog.locator('[data-testid="blog-body"] h2').count()).toBeGreaterThan(0);
        expect(await dialog.locator('[data-testid="blog-body"] li').count()).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
        expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(
          true,
        );

        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('');
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent))
          .toBe(first.title);

        // The close button closes it too.
        await opener.click();
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Close article' }).click();
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('');
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent))
          .toBe(first.title);
      });
    });
  }

  it('has no serious accessibility violations, with the overlay closed and open', async () => {
    await onPage('desktop', '/blogs', async (page) => {
      await expectNoSeriousA11yViolations(page);
      await page.locator('main article button').first().click();
      await page.getByRole('dialog').waitFor();
      // Contrast is judged once the overlay has faded in: mid-fade its text is still translucent.
      // (Endless animations elsewhere on the page never finish: only the finite ones count.)
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter(
              (a) =>
                a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
            )
            .map((a) => a.finished),
        ),
      );
      await expectNoSeriousA11yViolations(page);
    });
  });
});

describe('sign-in routes', () => {
  it('/login opens the sign-in dialog in login mode', async () => {
    await onPage('phone', '/login', async (page) => {
      expect(await page.getByText('Please use the sign-in dialog').isVisible()).toBe(true);
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').first().textContent()).toMatch(
        /welcome back|sign in|log in/i,
      );
      // Closing it does not reopen it; the page offers a way back.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await settled(page);
      expect(await page.locator('dialog[open]').count()).toBe(0);
      await page.getByRole('button', { name: 'Open sign-in' }).click();
      await page.locator('dialog[open]').waitFor();
    });
  });

  it('/register opens it in signup mode', async () => {
    await onPage('desktop', '/register', async (page) => {
      expect(await page.getByText('Please use the sign-up dialog').isVisible()).toBe(true);
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').first().textContent()).toMatch(
        /create|sign up|register/i,
      );
    });
  });
});

describe('google callback', () => {
  it('without a code goes home', async () => {
    await onPage('phone', '/auth/google/callback', async (page) => {
      await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    });
  });

  it('with a code shows the processing text, then reports the failure on the home page', async () => {
    await onPage('phone', '/auth/google/callback?code=abc123', async (page) => {
      expect(await page.getByText('Processing your Google sign-in...').isVisible()).toBe(true);
      await page.waitForURL(
        (url) => url.pathname === '/' && url.search === '?authError=google-auth-failed',
      );
    });
  });
});
