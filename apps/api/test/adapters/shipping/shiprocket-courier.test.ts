import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  adhocOrderBody,
  createShiprocketCourier,
  readShiprocketWebhook,
  returnOrderBody,
  splitIndianAddress,
  SHIPROCKET_API,
  shiprocketEvent,
  shiprocketTime,
} from '../../../src/adapters/shipping/shiprocket-courier.ts';
import type {
  ReturnPickupRequest,
  ShipmentRequest,
} from '../../../src/adapters/shipping/courier.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/shiprocket/${name}.json`, import.meta.url), 'utf8');

const request: ShipmentRequest = {
  reference: '7f1c9a52-3c1e-4d7e-9a55-0b4a2f6e8d11',
  orderNumber: 'LB-20260101-0042',
  orderDate: new Date('2026-01-01T06:30:00Z'),
  totalPaise: 249_900,
  cashToCollectPaise: 0,
  address: {
    name: 'Asha Devi Rao',
    addressLine1: '12 MG Road',
    addressLine2: 'Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    pinCode: '560001',
    phone: '9876543210',
  },
  email: 'asha@example.in',
  items: [
    { name: 'Lace Bralette', sku: 'p1:Rose:34B', quantity: 2, unitPricePaise: 99_950 },
    { name: 'Silk Slip', sku: 'p2:Ivory:M', quantity: 1, unitPricePaise: 50_000 },
  ],
};

describe('Shiprocket status codes in our words', () => {
  it('maps the codes the shop acts on, by id first and by label when the id is unknown', () => {
    expect(shiprocketEvent(42, 'PICKED UP')).toBe('picked_up');
    expect(shiprocketEvent(6, 'SHIPPED')).toBe('in_transit');
    expect(shiprocketEvent(18, undefined)).toBe('in_transit');
    expect(shiprocketEvent('17', undefined)).toBe('out_for_delivery');
    expect(shiprocketEvent(7, 'DELIVERED')).toBe('delivered');
    expect(shiprocketEvent(21, 'UNDELIVERED')).toBe('undelivered');
    expect(shiprocketEvent(9, 'RTO INITIATED')).toBe('rto_initiated');
    expect(shiprocketEvent(10, 'RTO DELIVERED')).toBe('rto_delivered');
    // The label decides when the id is one the table does not know.
    expect(shiprocketEvent(999, 'rto delivered')).toBe('rto_delivered');
    expect(shiprocketEvent(undefined, 'Out For Delivery')).toBe('out_for_delivery');
  });

  it('acts on nothing it does not know (manifested, out for pickup, cancelled, lost)', () => {
    expect(shiprocketEvent(5, 'MANIFEST GENERATED')).toBeUndefined();
    expect(shiprocketEvent(19, 'OUT FOR PICKUP')).toBeUndefined();
    expect(shiprocketEvent(8, 'CANCELED')).toBeUndefined();
    expect(shiprocketEvent(12, 'LOST')).toBeUndefined();
    expect(shiprocketEvent(undefined, undefined)).toBeUndefined();
  });

  it("reads Shiprocket's time as India's", () => {
    expect(shiprocketTime('23 05 2023 11:43:52')).toBe('2023-05-23T06:13:52.000Z');
    const now = new Date('2026-02-02T00:00:00Z');
    expect(shiprocketTime('yesterday', now)).toBe(now.toISOString());
  });
});

describe('the tracking webhook', () => {
  it('reads a recorded payload: AWB, status by its current id, time and the last scan', () => {
    const event = readShiprocketWebhook(JSON.parse(fixture('webhook-in-transit')));
    expect(event).toEqual({
      eventId: 'sr:19041424751540:20:23 05 2023 11:43:52',
      awb: '19041424751540',
      // current_status_id 20 is not in the table; its label IN TRANSIT is
      event: 'in_transit',
      courierStatus: 'IN TRANSIT',
      at: '2023-05-23T06:13:52.000Z',
      location: 'Jaipur_Hub (Rajasthan)',
    });
  });

  it('accepts only the security token set in the panel', () => {
    const courier = createShiprocketCourier(
      {
        email: 'a@b.in',
        password: 'x',
        pickupLocation: 'Primary',
        webhookToken: 'token-0123456789',
      },
      () => Promise.reject(new Error('no network in this test')),
    );
    const raw = fixture('webhook-in-transit');
    expect(courier.verifyWebhook(raw, { 'x-api-key': 'token-0123456789' }).ok).toBe(true);
    expect(courier.verifyWebhook(raw, { 'x-api-key': 'token-0123456780' })).toMatchObject({
      ok: false,
      reason: 'signature',
    });
    expect(courier.verifyWebhook(raw, {})).toMatchObject({ ok: false, reason: 'signature' });
    expect(courier.verifyWebhook('{}', { 'x-api-key': 'token-0123456789' })).toMatchObject({
      ok: false,
      reason: 'body',
    });
  });
});

describe('booking with Shiprocket', () => {
  it('builds the adhoc order from ours: our shipment id as its order id, rupees, prepaid', () => {
    const body = adhocOrderBody(request, 'Warehouse BLR');
    expect(body).toMatchObject({
      order_id: request.reference,
      order_date: '2026-01-01 12:00',
      pickup_location: 'Warehouse BLR',
      billing_customer_name: 'Asha',
      billing_last_name: 'Devi Rao',
      billing_pincode: '560001',
      billing_country: 'India',
      billing_phone: '9876543210',
      shipping_is_billing: true,
      payment_method: 'Prepaid',
      sub_total: 2499,
      weight: 0.75,
    });
    expect(body.order_items).toEqual([
      { name: 'Lace Bralette', sku: 'p1:Rose:34B', units: 2, selling_price: 999.5 },
      { name: 'Silk Slip', sku: 'p2:Ivory:M', units: 1, selling_price: 500 },
    ]);
  });

  /** A fake Shiprocket answering recorded bodies, remembering each call. */
  function recordedShiprocket(answers: Record<string, string | object>) {
    const calls: Array<{ method: string; path: string; body: unknown; auth: string | null }> = [];
    const fake = (async (url: string | URL, init?: RequestInit) => {
      const path = String(url).slice(SHIPROCKET_API.length);
      const headers = new Headers(init?.headers);
      calls.push({
        method: init?.method ?? 'GET',
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        auth: headers.get('authorization'),
      });
      const key = Object.keys(answers).find((prefix) => path.startsWith(prefix));
      if (!key) return new Response('{"message":"not found"}', { status: 404 });
      const answer = answers[key]!;
      return new Response(typeof answer === 'string' ? answer : JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    return { calls, fake };
  }

  const config = {
    email: 'ops@lacebloom.in',
    password: 'secret',
    pickupLocation: 'Primary',
    webhookToken: 'token-0123456789',
  };

  it('signs in, creates the order, assigns the AWB and asks for a pickup', async () => {
    const { calls, fake } = recordedShiprocket({
      '/auth/login': { token: 'jwt-1' },
      '/orders?search=': { data: [] },
      '/orders/create/adhoc': fixture('create-adhoc'),
      '/courier/assign/awb': fixture('assign-awb'),
      '/courier/generate/pickup': fixture('generate-pickup'),
    });
    const booked = await createShiprocketCourier(config, fake).createShipment(request);
    expect(booked).toEqual({
      shipmentId: '280640857',
      awb: '141123221084922',
      courierName: 'Xpressbees Surface',
      trackingUrl: 'https://shiprocket.co/tracking/141123221084922',
      ref: { orderId: '281248157' },
    });
    expect(calls.map((call) => `${call.method} ${call.path.split('?')[0]}`)).toEqual([
      'POST /auth/login',
      'GET /orders',
      'POST /orders/create/adhoc',
      'POST /courier/assign/awb',
      'POST /courier/generate/pickup',
    ]);
    expect(calls[0]!.body).toEqual({ email: 'ops@lacebloom.in', password: 'secret' });
    expect(calls[1]!.path).toBe(`/orders?search=${request.reference}`);
    expect(calls.slice(1).every((call) => call.auth === 'Bearer jwt-1')).toBe(true);
    expect(calls[3]!.body).toEqual({ shipment_id: '280640857' });
    expect(calls[4]!.body).toEqual({ shipment_id: ['280640857'] });
  });

  it('finds a booking made before a crash instead of making a second order', async () => {
    const { calls, fake } = recordedShiprocket({
      '/auth/login': { token: 'jwt-1' },
      '/orders?search=': {
        data: [
          {
            id: 281248157,
            channel_order_id: request.reference,
            shipments: [{ id: 280640857, awb: '141123221084922', courier: 'Xpressbees Surface' }],
          },
        ],
      },
    });
    const booked = await createShiprocketCourier(config, fake).createShipment(request);
    expect(booked.awb).toBe('141123221084922');
    expect(calls.some((call) => call.path === '/orders/create/adhoc')).toBe(false);
  });

  const pickup: ReturnPickupRequest = {
    reference: '0b6f3a6e-9d7c-4c1e-8f43-2a1d5e7c9b10:pickup',
    orderNumber: request.orderNumber,
    orderDate: request.orderDate,
    pickupAddress: request.address,
    email: request.email,
    returnTo: {
      name: 'LB Retail',
      address: '14 Residency Road, Ashok Nagar, Bengaluru, Karnataka 560025',
      phone: '8012345678',
    },
    items: [{ name: 'Lace Bralette', sku: 'p1:Rose:34B', quantity: 1, unitPricePaise: 99_950 }],
    totalPaise: 99_950,
  };

  it("reads the shop's one-line return address into Shiprocket's fields", () => {
    expect(splitIndianAddress('14 Residency Road, Bengaluru, Karnataka 560025')).toEqual({
      line1: '14 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560025',
    });
  });

  it('builds the return order: picked up from the shopper, delivered to the shop, prepaid', () => {
    expect(returnOrderBody(pickup)).toMatchObject({
      order_id: pickup.reference,
      order_date: '2026-01-01 12:00',
      pickup_customer_name: 'Asha',
      pickup_last_name: 'Devi Rao',
      pickup_address: '12 MG Road',
      pickup_pincode: '560001',
      pickup_phone: '9876543210',
      shipping_customer_name: 'LB Retail',
      shipping_address: '14 Residency Road, Ashok Nagar',
      shipping_city: 'Bengaluru',
      shipping_state: 'Karnataka',
      shipping_pincode: '560025',
      shipping_phone: '8012345678',
      payment_method: 'PREPAID',
      sub_total: 999.5,
      order_items: [{ name: 'Lace Bralette', sku: 'p1:Rose:34B', units: 1, selling_price: 999.5 }],
    });
  });

  it('books a reverse pickup: the return order, then its return AWB', async () => {
    const { calls, fake } = recordedShiprocket({
      '/auth/login': { token: 'jwt-1' },
      '/orders/create/return': fixture('create-return'),
      '/courier/assign/awb': fixture('assign-awb-return'),
    });
    const booked = await createShiprocketCourier(config, fake).createReturnPickup(pickup);
    expect(booked).toEqual({
      shipmentId: '280694503',
      awb: '1411232210RT55',
      courierName: 'Delhivery Reverse',
      trackingUrl: 'https://shiprocket.co/tracking/1411232210RT55',
      ref: { orderId: '281302211' },
    });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /auth/login',
      'POST /orders/create/return',
      'POST /courier/assign/awb',
    ]);
    expect(calls[2]!.body).toEqual({ shipment_id: '280694503', is_return: 1 });
  });

  it('refuses a return order Shiprocket did not make', async () => {
    const { fake } = recordedShiprocket({
      '/auth/login': { token: 'jwt-1' },
      '/orders/create/return': { status_code: 0, message: 'Invalid pincode' },
    });
    await expect(createShiprocketCourier(config, fake).createReturnPickup(pickup)).rejects.toThrow(
      'Shiprocket did not create the return order',
    );
  });

  it("tells Shiprocket the shop's answer to a failed delivery", async () => {
    const { calls, fake } = recordedShiprocket({
      '/auth/login': { token: 'jwt-1' },
      '/ndr/': { status: 'Data Updated Sucessfully' },
    });
    const courier = createShiprocketCourier(config, fake);
    await courier.ndrAction('141123221084922', 'rto');
    await courier.ndrAction('141123221084922', 're-attempt');
    expect(calls.filter((call) => call.path.startsWith('/ndr/')).map((call) => call.body)).toEqual([
      { action: 'return', comments: 'Return to the shop' },
      { action: 're-attempt', comments: 'Please attempt the delivery again' },
    ]);
  });

  describe('serviceability', () => {
    const question = {
      pickup: { pinCode: '560025', city: 'Bengaluru', state: 'Karnataka' },
      delivery: { pinCode: '302001', city: 'Jaipur', state: 'Rajasthan' },
      weightKg: 0.5,
    };

    it('asks for the pickup and delivery PINs and reads the couriers', async () => {
      const { calls, fake } = recordedShiprocket({
        '/auth/login': { token: 'jwt-1' },
        '/courier/serviceability/': fixture('serviceability'),
      });
      const answer = await createShiprocketCourier(config, fake).serviceability(question);
      // Fastest courier 2 days, the recommended one (Delhivery) 5; two of three take cash.
      expect(answer).toEqual({ serviceable: true, cod: true, transit: { min: 2, max: 5 } });
      const asked = calls.find((call) => call.path.startsWith('/courier/serviceability/'))!;
      expect(asked.method).toBe('GET');
      expect(asked.auth).toBe('Bearer jwt-1');
      expect(Object.fromEntries(new URL(`https://x${asked.path}`).searchParams)).toEqual({
        pickup_postcode: '560025',
        delivery_postcode: '302001',
        weight: '0.5',
        cod: '0',
      });
    });

    it('reads no courier, or a 404, as not serviceable', async () => {
      const empty = recordedShiprocket({
        '/auth/login': { token: 'jwt-1' },
        '/courier/serviceability/': { status: 200, data: { available_courier_companies: [] } },
      });
      expect(await createShiprocketCourier(config, empty.fake).serviceability(question)).toEqual({
        serviceable: false,
        cod: false,
      });
      // The fake answers 404 for a path it has no answer for, as Shiprocket does for such a PIN.
      const missing = recordedShiprocket({ '/auth/login': { token: 'jwt-1' } });
      expect(await createShiprocketCourier(config, missing.fake).serviceability(question)).toEqual({
        serviceable: false,
        cod: false,
      });
    });

    it('takes no cash where no listed courier does', async () => {
      const prepaidOnly = recordedShiprocket({
        '/auth/login': { token: 'jwt-1' },
        '/courier/serviceability/': {
          data: {
            available_courier_companies: [
              { courier_company_id: 9, cod: 0, estimated_delivery_days: '7' },
            ],
          },
        },
      });
      expect(
        await createShiprocketCourier(config, prepaidOnly.fake).serviceability(question),
      ).toEqual({ serviceable: true, cod: false, transit: { min: 7, max: 7 } });
    });

    it('fails loudly when Shiprocket itself fails, so the caller can decide', async () => {
      const broken = (async (url: string | URL) =>
        String(url).endsWith('/auth/login')
          ? new Response('{"token":"jwt-1"}', { status: 200 })
          : new Response('{"message":"down"}', { status: 500 })) as typeof fetch;
      await expect(
        createShiprocketCourier(config, broken).serviceability(question),
      ).rejects.toThrow(/serviceability/);
    });
  });
});
