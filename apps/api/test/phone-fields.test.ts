// Every phone a shopper types — contact form, sign-up, profile, saved address, checkout — is read
// by the domain's one rule: a leading +91, 91 or 0 and spaces are accepted, the 10 digits are kept,
// and they must start 6-9. Every pin code (saved address, checkout) is 6 digits not starting 0.
import {
  profileUpdateSchema,
  savedAddressInput,
  signupSchema,
  type SignupInput,
} from '@shop/contracts/auth';
import { contactMessageSchema } from '@shop/contracts/contact';
import { billingAddressSchema, shippingAddressSchema } from '@shop/contracts/orders';
import { PHONE_INPUT_MAX_LENGTH } from '@shop/domain/contact-details';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newShopper, send, signUp } from './auth-helpers.ts';
import { stockedChoices, type StockedChoice } from './cart-helpers.ts';
import { address, fillCart, orderBody } from './order-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

const typedTheIndianWay = ['+91 98765 43210', '098765 43210', '+91-98765-43210', '98765 43210'];

interface PhoneField {
  name: string;
  /** The parsed phone, or the first issue's message. */
  read: (phone: string) => string;
  invalidMessage: string;
}

function reader(
  schema: {
    safeParse: (
      input: unknown,
    ) =>
      | { success: true; data: { phone?: string } }
      | { success: false; error: { issues: { message: string }[] } };
  },
  body: (phone: string) => unknown,
) {
  return (phone: string) => {
    const result = schema.safeParse(body(phone));
    return result.success ? (result.data.phone ?? '') : (result.error.issues[0]?.message ?? '');
  };
}

const contact = { name: 'Asha', email: 'asha@example.in', subject: 'other', message: 'Hello' };
const signup: Omit<SignupInput, 'phone'> = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  password: 'rose-petal-7',
};

const phoneFields: PhoneField[] = [
  {
    name: 'contact form',
    read: reader(contactMessageSchema, (phone) => ({ ...contact, phone })),
    invalidMessage: 'Phone number must be 10 digits',
  },
  {
    name: 'sign-up',
    read: reader(signupSchema, (phone) => ({ ...signup, phone })),
    invalidMessage: 'Valid phone number is required.',
  },
  {
    name: 'profile',
    read: reader(profileUpdateSchema, (phone) => ({ phone })),
    invalidMessage: 'Valid phone number is required.',
  },
  {
    name: 'saved address',
    read: reader(savedAddressInput, (phone) => ({
      name: 'Home',
      addressLine1: '1 MG Road',
      phone,
    })),
    invalidMessage: 'Invalid phone number',
  },
  {
    name: 'checkout shipping address',
    read: reader(shippingAddressSchema, (phone) => ({ ...address, phone })),
    invalidMessage: 'Invalid phone number',
  },
  {
    name: 'checkout billing address',
    read: reader(billingAddressSchema, (phone) => ({ ...address, phone })),
    invalidMessage: 'Invalid billing phone number',
  },
];

describe.each(phoneFields)('the $name phone', ({ read, invalidMessage }) => {
  it.each(typedTheIndianWay)('keeps the 10 digits of %s', (typed) => {
    expect(typed.length).toBeLessThanOrEqual(PHONE_INPUT_MAX_LENGTH);
    expect(read(typed)).toBe('9876543210');
  });

  it.each([
    '98765 4321',
    '+44 98765 43210',
    '0098765 43210',
    '98765432101',
    'nine eight seven',
    '1234567890',
    '5876543210',
    '+91 12345 67890',
    '01234567890',
    '911234567890',
  ])('refuses %s', (typed) => {
    expect(read(typed)).toBe(invalidMessage);
  });

  it('answers its own message for text too long to be a phone', () => {
    expect(read(`+91 98765 43210${' 0'.repeat(10)}`)).toBe(invalidMessage);
  });
});

interface PinField {
  name: string;
  /** The parsed pin code, or the first issue's message. */
  read: (pinCode: string) => string;
  invalidMessage: string;
}

function pinReader(
  schema: {
    safeParse: (
      input: unknown,
    ) =>
      | { success: true; data: { pinCode?: string } }
      | { success: false; error: { issues: { message: string }[] } };
  },
  body: (pinCode: string) => unknown,
) {
  return (pinCode: string) => {
    const result = schema.safeParse(body(pinCode));
    return result.success ? (result.data.pinCode ?? '') : (result.error.issues[0]?.message ?? '');
  };
}

const pinFields: PinField[] = [
  {
    name: 'saved address',
    read: pinReader(savedAddressInput, (pinCode) => ({
      name: 'Home',
      addressLine1: '1 MG Road',
      pinCode,
    })),
    invalidMessage: 'Invalid PIN code',
  },
  {
    name: 'checkout shipping address',
    read: pinReader(shippingAddressSchema, (pinCode) => ({ ...address, pinCode })),
    invalidMessage: 'Invalid PIN code',
  },
  {
    name: 'checkout billing address',
    read: pinReader(billingAddressSchema, (pinCode) => ({ ...address, pinCode })),
    invalidMessage: 'Invalid billing PIN code',
  },
];

describe.each(pinFields)('the $name PIN code', ({ read, invalidMessage }) => {
  it.each(['560001', '110001', ' 400050 ', '999999'])('takes %s', (typed) => {
    expect(read(typed)).toBe(typed.trim());
  });

  it.each(['000000', '012345', '56001', '5600011', '56O001'])('refuses %s', (typed) => {
    expect(read(typed)).toBe(invalidMessage);
  });
});

describe('the contact form phone when blank', () => {
  it('says it is required', () => {
    expect(reader(contactMessageSchema, (phone) => ({ ...contact, phone }))('   ')).toBe(
      'Phone number is required',
    );
  });
});

describe('routes that take a phone', () => {
  let world: TestWorld;
  let choices: StockedChoice[];
  beforeAll(async () => {
    world = await createTestWorld();
    choices = await stockedChoices(world.app, 2);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('sign-up and profile store the 10 digits of a phone typed with 0 or +91', async () => {
    const answer = await send(world.app, 'POST', '/api/auth/signup', {
      body: newShopper({ phone: '098765 43210' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.user.phone).toBe('9876543210');

    const { accessToken } = await signUp(world.app);
    const updated = await send(world.app, 'PATCH', '/api/auth/profile', {
      token: accessToken,
      body: {
        phone: '+91 98765 43219',
        addresses: [{ name: 'Home', addressLine1: '1 MG Road', phone: '0 98765 43218' }],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.phone).toBe('9876543219');
    expect(updated.body.data.addresses[0].phone).toBe('9876543218');
  });

  it('sign-up, profile and saved addresses refuse a phone not starting 6-9 and a PIN starting 0', async () => {
    const refusals = await Promise.all([
      send(world.app, 'POST', '/api/auth/signup', { body: newShopper({ phone: '1234567890' }) }),
      signUp(world.app).then(({ accessToken }) =>
        Promise.all([
          send(world.app, 'PATCH', '/api/auth/profile', {
            token: accessToken,
            body: { phone: '+91 12345 67890' },
          }),
          send(world.app, 'PATCH', '/api/auth/profile', {
            token: accessToken,
            body: { addresses: [{ name: 'Home', addressLine1: '1 MG Road', pinCode: '000000' }] },
          }),
          send(world.app, 'PATCH', '/api/auth/profile', {
            token: accessToken,
            body: { addresses: [{ name: 'Home', addressLine1: '1 MG Road', phone: '1234567890' }] },
          }),
        ]),
      ),
    ]).then(([signup, profile]) => [signup, ...profile]);
    expect(refusals.map((answer) => [answer.status, answer.body.message])).toEqual([
      [400, 'Valid phone number is required.'],
      [400, 'Valid phone number is required.'],
      [400, 'Invalid PIN code'],
      [400, 'Invalid phone number'],
    ]);
  });

  it('an order refuses a phone not starting 6-9 and a PIN starting 0, shipping and billing', async () => {
    const { accessToken } = await signUp(world.app);
    const attempts: [Record<string, unknown>, string][] = [
      [{ shippingAddress: { ...address, phone: '1234567890' } }, 'Invalid phone number'],
      [{ shippingAddress: { ...address, pinCode: '000000' } }, 'Invalid PIN code'],
      [
        { billingAddress: { ...address, phone: '+91 12345 67890' }, sameAsShipping: false },
        'Invalid billing phone number',
      ],
      [
        { billingAddress: { ...address, pinCode: '012345' }, sameAsShipping: false },
        'Invalid billing PIN code',
      ],
    ];
    const answers = await Promise.all(
      attempts.map(([extra]) =>
        send(world.app, 'POST', '/api/order', {
          token: accessToken,
          body: orderBody([[choices[0]!, 1]], extra),
        }),
      ),
    );
    expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual(
      attempts.map(([, message]) => [400, message]),
    );
  });

  it('an order stores the 10 digits of shipping and billing phones typed with +91 or 0', async () => {
    const { accessToken } = await signUp(world.app);
    await fillCart(world.app, accessToken, [[choices[0]!, 1]]);
    const placed = await send(world.app, 'POST', '/api/order', {
      token: accessToken,
      body: orderBody([[choices[0]!, 1]], {
        shippingAddress: { ...address, phone: '+91 98765 43210' },
        billingAddress: { ...address, phone: '098765 43211' },
        sameAsShipping: false,
      }),
    });
    expect(placed.status).toBe(201);
    const order = await send(world.app, 'GET', `/api/order/${placed.body.data.orderId}`, {
      token: accessToken,
    });
    expect(order.body.data.shippingAddress.phone).toBe('9876543210');
    expect(order.body.data.billingAddress.phone).toBe('9876543211');
  });
});
