import { expect } from 'vitest';
import { send } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { signUpOwner } from './owner-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

/** What a test of an order's life after placing starts from. */
export interface CodShop {
  world: TestWorld;
  owner: { accessToken: string };
  /** Choices with at least the stock asked for, priced ₹300 to ₹3,000: within the COD limits. */
  choices: StockedChoice[];
}

/**
 * A shop whose owner is signed in, that takes cash on delivery (₹49 fee, orders of ₹299 to
 * ₹10,000) as well as online payment, so a new shopper's order may be paid either way and then
 * moved along by the owner.
 */
export async function openCodShop(minStock: number): Promise<CodShop> {
  const world = await createTestWorld({ ADMIN_EMAILS: 'owner@lacebloom.in' });
  const owner = await signUpOwner(world, 'owner@lacebloom.in');
  const choices = (await stockedChoices(world.app, minStock)).filter(
    (choice) => choice.price >= 300 && choice.price <= 3_000,
  );
  const current = await send(world.app, 'GET', '/api/admin/settings', {
    token: owner.accessToken,
  });
  const saved = await send(world.app, 'PATCH', '/api/admin/settings', {
    token: owner.accessToken,
    body: {
      ...current.body.data.settings,
      paymentMethods: ['online', 'cod'],
      cashOnDelivery: { feeRupees: 49, minOrderRupees: 299, maxOrderRupees: 10_000 },
    },
  });
  expect(saved.status).toBe(200);
  return { world, owner, choices };
}
