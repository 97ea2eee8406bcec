// The FAQ and policy pages: the shop's original texts on an empty database, owners' saves
// checked (kind, tokens, anchors, blank text), their HTML cleaned, each save audited in its
// transaction, the 'last updated' date moving only when the text does, and the storefront's
// cached page following a save at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyContent } from '@shop/contracts/shop-pages';
import { queryRows } from '../src/db/client.ts';
import { originalPages } from '../src/features/pages/original-pages.ts';
import type { signUp } from './auth-helpers.ts';
import { send } from './auth-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { until } from './poll.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: Awaited<ReturnType<typeof signUp>>;
const app = () => world.app;
const save = (key: string, content: unknown) =>
  send(app(), 'PUT', `/api/admin/pages/${key}`, { token: owner.accessToken, body: { content } });
const shipping = originalPages['shipping-policy'].content as PolicyContent;

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
});
afterAll(async () => {
  await world?.close();
});

describe('shop pages', () => {
  it("read as the shop's original texts and dates on an empty database", async () => {
    const { status, body } = await getJson(app(), '/api/pages/shipping-policy');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      key: 'shipping-policy',
      title: 'Shipping Policy',
      updatedAt: '2025-10-07T18:30:00.000Z',
    });
    expect(body.data.content.sections[2].html).toContain('within 5-7 business days');
    const faq = await getJson(app(), '/api/pages/faq');
    expect(faq.body.data.content.groups.map((group: { id: string }) => group.id)).toEqual([
      'sizing',
      'products',
      'orders',
      'returns',
      'account',
    ]);
    expect((await getJson(app(), '/api/pages/privacy-policy')).body.data.updatedAt).toBe(
      '2026-11-28T18:30:00.000Z',
    );

    const list = await send(app(), 'GET', '/api/admin/pages', { token: owner.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((page: { key: string }) => page.key)).toEqual([
      'faq',
      'exchange-policy',
      'shipping-policy',
      'privacy-policy',
      'terms-and-conditions',
    ]);
    expect(list.body.data[0]).toMatchObject({ original: true, updatedBy: null, path: '/faq' });
  });

  it('refuse bad input with 400s naming the problem', async () => {
    const unknown = await getJson(app(), '/api/pages/about-us');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Invalid page: must be one of faq, exchange-policy/);

    const cases: [string, unknown, string][] = [
      [
        'faq',
        shipping,
        'This page is written as the other kind: the FAQ as questions, policies as sections',
      ],
      [
        'shipping-policy',
        { ...shipping, sections: [{ ...shipping.sections[0], title: '  ' }] },
        'Please enter the section heading',
      ],
      ['shipping-policy', { ...shipping, sections: [] }, 'A policy needs at least one section'],
      [
        'shipping-policy',
        { ...shipping, sections: [{ ...shipping.sections[0], html: 'Call {{owner-mobile}}' }] },
        "{{owner-mobile}} is not one of the shop's details (support-email, support-phone, business-hours, legal-name, address, grievance-officer, grievance-email)",
      ],
      [
        'shipping-policy',
        { ...shipping, sections: [shipping.sections[0], shipping.sections[0]] },
        'Two parts of the page share the anchor "free-shipping"',
      ],
      [
        'shipping-policy',
        { ...shipping, sections: [{ ...shipping.sections[0], id: 'Free Shipping' }] },
        'An anchor is lower-case words joined by dashes',
      ],
      [
        'shipping-policy',
        { ...shipping, sections: [{ ...shipping.sections[0], html: '<script>alert(1)</script>' }] },
        'Please enter the section text',
      ],
    ];
    for (const [key, content, message] of cases) {
      const answer = await save(key, content);
      expect(answer.status, message).toBe(400);
      expect(answer.body.message, message).toBe(message);
    }
    const entries = await queryRows(
      world.database.db,
      sql`select 1 from audit_entries where entity = 'page'`,
    );
    expect(entries).toHaveLength(0);
  });

  it('save a policy cleaned, audited in its transaction, dated now, shown at once', async () => {
    // Cached before the save: the save must drop it.
    expect((await getJson(app(), '/api/pages/shipping-policy')).status).toBe(200);
    const before = Date.now();
    const next: PolicyContent = {
      ...shipping,
      sections: [
        {
          id: 'free-shipping',
          title: 'Free shipping on every order',
          html: '<p onclick="steal()">Free across India. <a href="javascript:alert(1)">x</a> <a href="tel:+918047196620">call</a></p><script>alert(1)</script><ul class="check-list evil"><li>yes</li></ul>',
        },
        ...shipping.sections.slice(1),
      ],
    };
    const saved = await save('shipping-policy', next);
    expect(saved.status).toBe(200);
    expect(saved.body.data.content.sections[0].html).toBe(
      '<p>Free across India. <a>x</a> <a href="tel:+918047196620">call</a></p><ul class="check-list"><li>yes</li></ul>',
    );
    expect(saved.body.data).toMatchObject({ original: false, updatedBy: 'owner@lacebloom.in' });
    const savedAt = new Date(saved.body.data.updatedAt).getTime();
    expect(savedAt).toBeGreaterThanOrEqual(before - 5_000);

    const shown = await getJson(app(), '/api/pages/shipping-policy');
    expect(shown.body.data.content.sections[0].html).toContain('Free across India.');
    expect(shown.body.data.updatedAt).toBe(saved.body.data.updatedAt);

    const audit = await send(app(), 'GET', '/api/admin/audit?entity=page&id=shipping-policy', {
      token: owner.accessToken,
    });
    expect(audit.body.data.entries).toHaveLength(1);
    expect(audit.body.data.entries[0]).toMatchObject({
      action: 'page.update',
      actorEmail: 'owner@lacebloom.in',
      before: { content: { sections: expect.arrayContaining([shipping.sections[0]]) } },
    });

    // The same text again writes nothing: the date stays and no entry is added.
    const again = await save('shipping-policy', saved.body.data.content);
    expect(again.body.data.updatedAt).toBe(saved.body.data.updatedAt);
    // The original text unchanged is not an edit either.
    const faq = originalPages.faq.content;
    expect((await save('faq', faq)).body.data.original).toBe(true);
    const count = await queryRows(
      world.database.db,
      sql`select 1 from audit_entries where entity = 'page'`,
    );
    expect(count).toHaveLength(1);
  });

  it('move the date with each save of a new text, and restore the original', async () => {
    const faq = originalPages.faq.content;
    if (faq.kind !== 'faq') throw new Error('the FAQ is questions');
    const first = await save('faq', {
      ...faq,
      groups: [
        {
          ...faq.groups[0]!,
          entries: [{ ...faq.groups[0]!.entries[0]!, answer: 'Measure twice.\n\nThen order.' }],
        },
        ...faq.groups.slice(1),
      ],
    });
    expect(first.status).toBe(200);
    // The next save comes in a later millisecond than the first one's date.
    const firstSaved = new Date(first.body.data.updatedAt).getTime();
    await until('the clock has passed the first save', async () => Date.now() > firstSaved);
    const second = await save('faq', {
      ...first.body.data.content,
      groups: first.body.data.content.groups.slice(0, 2),
    });
    expect(second.status).toBe(200);
    expect(new Date(second.body.data.updatedAt).getTime()).toBeGreaterThan(
      new Date(first.body.data.updatedAt).getTime(),
    );
    const shown = await getJson(app(), '/api/pages/faq');
    expect(shown.body.data.content.groups).toHaveLength(2);
    expect(shown.body.data.content.groups[0].entries[0].answer).toBe(
      'Measure twice.\n\nThen order.',
    );

    const restored = await send(app(), 'DELETE', '/api/admin/pages/faq', {
      token: owner.accessToken,
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ original: true, updatedBy: null });
    expect(restored.body.data.updatedAt).toBe('2025-10-07T18:30:00.000Z');
    expect((await getJson(app(), '/api/pages/faq')).body.data.content.groups).toHaveLength(5);
    const actions = await queryRows<{ action: string }>(
      world.database.db,
      sql`select action from audit_entries where entity = 'page' and entity_id = 'faq' order by at`,
    );
    expect(actions.map((row) => row.action)).toEqual([
      'page.update',
      'page.update',
      'page.restore',
    ]);
  });

  it('keep signed-out callers out of the editor (staff: admin-access.test.ts)', async () => {
    const answer = await send(app(), 'PUT', '/api/admin/pages/faq', {
      body: { content: originalPages.faq.content },
    });
    expect(answer.status).toBe(401);
  });
});
