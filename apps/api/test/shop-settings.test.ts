// The shop's settings: rows in the database read through one module, the owner's form checked on
// the server (the GSTIN's check digit and state among it), each save audited with the settings
// before and after, and the storefront's public part following a save at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultShopSettings, shopSettingsMessages } from '@shop/contracts/shop-settings';
import { gstinMessages } from '@shop/domain/gstin';
import { queryRows } from '../src/db/client.ts';
import { createSettingsService } from '../src/features/settings/settings.service.ts';
import type { signUp } from './auth-helpers.ts';
import { send } from './auth-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, getJson, type TestWorld } from './test-app.ts';

let world: TestWorld;
let owner: Awaited<ReturnType<typeof signUp>>;
const app = () => world.app;
const save = (body: unknown) =>
  send(app(), 'PATCH', '/api/admin/settings', { token: owner.accessToken, body });

beforeAll(async () => {
  world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  owner = await signUpOwner(world, 'owner@lacebloom.in');
});
afterAll(async () => {
  await world?.close();
});

describe('shop settings', () => {
  it('start as the defaults, written into the database as rows', async () => {
    const answer = await send(app(), 'GET', '/api/admin/settings', { token: owner.accessToken });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ settings: defaultShopSettings, updatedAt: null });
    const rows = await queryRows<{ key: string }>(
      world.database.db,
      sql`select key from shop_settings order by key`,
    );
    expect(rows.map((row) => row.key)).toEqual(Object.keys(defaultShopSettings).sort());
  });

  it('show the storefront its legal details, contacts, hours and grievance officer only', async () => {
    const { status, body } = await getJson(app(), '/api/settings/public');
    expect(status).toBe(200);
    expect(body.data).toEqual({
      shopName: 'Lacebloom',
      legalName: defaultShopSettings.legalName,
      address: defaultShopSettings.address,
      state: 'Karnataka',
      gstin: '',
      cin: 'U52399KA2021PTC145678',
      support: defaultShopSettings.support,
      businessHours: defaultShopSettings.businessHours,
      grievanceOfficer: {
        name: 'Kavya Raghunath',
        designation: 'Head of Customer Care',
        email: 'grievances@lacebloom.in',
        phone: '8047196620',
      },
    });
    expect(JSON.stringify(body.data)).not.toMatch(/lowStock|paymentMethods/);
  });

  it('refuse a malformed CIN, and take a form from before the designation existed', async () => {
    const badCin = await save({ ...defaultShopSettings, cin: 'U52399KA21PTC145678' });
    expect(badCin.status).toBe(400);
    expect(badCin.body.message).toBe(shopSettingsMessages.cin);
    // A stored officer without a designation (saved before it existed) reads with the default's.
    const { designation: _dropped, ...oldOfficer } = defaultShopSettings.grievanceOfficer;
    await world.database.db.execute(
      sql`update shop_settings set value = ${JSON.stringify(oldOfficer)}::jsonb where key = 'grievanceOfficer'`,
    );
    const other = await createSettingsService({ database: world.database, log: () => {} });
    try {
      expect((await other.publicSettings()).grievanceOfficer.designation).toBe(
        'Head of Customer Care',
      );
    } finally {
      await other.close();
    }
    await world.database.db.execute(
      sql`update shop_settings set value = ${JSON.stringify(defaultShopSettings.grievanceOfficer)}::jsonb where key = 'grievanceOfficer'`,
    );
  });

  it('refuse a GSTIN whose check digit, shape or state is wrong, with the reason', async () => {
    const cases: [string, string, string][] = [
      ['29AAGCB7383J1Z5', 'Karnataka', gstinMessages.checksum],
      ['29AAGCB7383J1Z', 'Karnataka', gstinMessages.length],
      ['29AAGCB73831JZ4', 'Karnataka', gstinMessages.pattern],
      [
        '27AAPFU0939F1ZV',
        'Karnataka',
        'This GSTIN is registered in Maharashtra (code 27), not Karnataka (code 29)',
      ],
    ];
    for (const [gstin, state, message] of cases) {
      const answer = await save({ ...defaultShopSettings, gstin, state });
      expect(answer.status, gstin).toBe(400);
      expect(answer.body.message, gstin).toBe(message);
    }
    const badPhone = await save({
      ...defaultShopSettings,
      support: { ...defaultShopSettings.support, whatsapp: '12345' },
    });
    expect(badPhone.status).toBe(400);
    expect((await save({ ...defaultShopSettings, lowStockThreshold: -1 })).status).toBe(400);
    expect((await save({ ...defaultShopSettings, paymentMethods: ['cod'] })).status).toBe(400);
  });

  it('save the form, audit only what changed, and show the storefront at once', async () => {
    await getJson(app(), '/api/settings/public');
    const next = {
      ...defaultShopSettings,
      gstin: ' 29aagcb7383j1z4 ',
      support: { email: 'help@lacebloom.in', phone: '+91 98450 12345', whatsapp: '98450 12345' },
      businessHours: 'Every day 9 AM-9 PM',
      lowStockThreshold: 5,
    };
    const saved = await save(next);
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings).toMatchObject({
      gstin: '29AAGCB7383J1Z4',
      support: { email: 'help@lacebloom.in', phone: '9845012345', whatsapp: '9845012345' },
      lowStockThreshold: 5,
    });
    expect(saved.body.data.updatedAt).not.toBeNull();
    const shown = await getJson(app(), '/api/settings/public');
    expect(shown.body.data).toMatchObject({
      support: { email: 'help@lacebloom.in', phone: '9845012345', whatsapp: '9845012345' },
      businessHours: 'Every day 9 AM-9 PM',
    });

    // The same form again changes nothing and records nothing.
    expect((await save(saved.body.data.settings)).status).toBe(200);
    const entries = (
      await send(app(), 'GET', '/api/admin/audit?entity=setting&id=shop', {
        token: owner.accessToken,
      })
    ).body.data.entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'setting.update',
      actorEmail: 'owner@lacebloom.in',
      before: {
        gstin: '',
        support: defaultShopSettings.support,
        businessHours: defaultShopSettings.businessHours,
        lowStockThreshold: 3,
      },
      after: {
        gstin: '29AAGCB7383J1Z4',
        support: { email: 'help@lacebloom.in', phone: '9845012345', whatsapp: '9845012345' },
        businessHours: 'Every day 9 AM-9 PM',
        lowStockThreshold: 5,
      },
    });
    expect(Object.keys(entries[0].after).sort()).toEqual(
      ['businessHours', 'gstin', 'lowStockThreshold', 'support'].sort(),
    );
  });

  it('reach another reader of the same database after a save', async () => {
    // A second module over the same database, as another process would hold: on PostgreSQL the
    // save's NOTIFY empties its copy; on PGlite (one process) it reads the rows on first use.
    const other = await createSettingsService({ database: world.database, log: () => {} });
    try {
      expect(await other.lowStockThreshold()).toBe(5);
      expect((await save({ ...defaultShopSettings, lowStockThreshold: 7 })).status).toBe(200);
      if (world.database.listen) {
        const deadline = Date.now() + 5_000;
        while ((await other.lowStockThreshold()) !== 7 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(await other.lowStockThreshold()).toBe(7);
      } else {
        const [row] = await queryRows<{ value: number }>(
          world.database.db,
          sql`select value from shop_settings where key = 'lowStockThreshold'`,
        );
        expect(row!.value).toBe(7);
      }
    } finally {
      await other.close();
    }
  });
});
