// The shop's settings: its name and legal details, GSTIN, grievance officer, support contacts,
// business hours, payment methods and the low-stock threshold. One schema for the owner's form
// and `PATCH /admin/settings`; the public part is what the storefront shows. zod/mini because
// the form ships to the browser (in the back office's own chunk).
import * as z from 'zod/mini';
import {
  gstinProblem,
  gstinStateProblem,
  indianStateNames,
  normalizeGstin,
} from '@shop/domain/gstin';
import {
  indianPhone,
  optionalText,
  requiredText,
  rupeeAmount,
  successEnvelope,
} from './common-mini.ts';
import { emailAddress } from './email.ts';

/** Ways to pay the checkout offers: online (Razorpay) always; cash on delivery when the owner says. */
export const paymentMethodsOnOffer = ['online', 'cod'] as const;

export const shopSettingsMessages = {
  shopName: 'Please enter the shop name',
  legalName: 'Please enter the legal name of the business',
  address: 'Please enter the registered address',
  state: 'Choose the state the business is registered in',
  gstin: 'A GSTIN is 15 letters and digits',
  cin: 'A CIN is 21 letters and digits, e.g. U52399KA2021PTC145678',
  officerName: "Please enter the grievance officer's name",
  officerDesignation: "Please enter the grievance officer's designation",
  officerEmail: "Please enter the grievance officer's email",
  officerPhone: "Enter the grievance officer's 10-digit mobile number",
  supportEmail: 'Please enter the support email',
  supportPhone: 'Enter the support phone as 10 digits',
  whatsapp: 'Enter the WhatsApp number as 10 digits, or leave it empty',
  hours: 'Please enter the business hours',
  paymentMethods: 'Offer at least one way to pay',
  lowStock: 'The low-stock threshold is a whole number from 0 to 1000',
  codFee: 'The cash-on-delivery fee is rupees from 0 to 1,000',
  codMin: 'The smallest cash-on-delivery order is an amount in rupees',
  codMax: 'The largest cash-on-delivery order is an amount in rupees',
  codBounds: 'The largest cash-on-delivery order must be at least the smallest',
  onlineRequired: 'Online payment is always offered',
} as const;

const gstin = z
  .pipe(optionalText(shopSettingsMessages.gstin, 20), z.transform(normalizeGstin))
  .check(
    z.refine((value) => value === '' || gstinProblem(value) === undefined, {
      // The domain's own reason (length, shape, state code, check digit) is the message.
      error: (issue) => gstinProblem(String(issue.input)) ?? shopSettingsMessages.gstin,
    }),
  );

/**
 * The Corporate Identity Number of a company (MCA): listed or unlisted, industry code, state,
 * year, type and registration number. Empty for a business that is not a company.
 */
const CIN = /^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/;
const cin = z
  .pipe(
    optionalText(shopSettingsMessages.cin, 30),
    z.transform((value) => value.toUpperCase()),
  )
  .check(z.refine((value) => value === '' || CIN.test(value), { error: shopSettingsMessages.cin }));

export const shopSettingsSchema = z
  .object({
    shopName: requiredText(shopSettingsMessages.shopName, 100),
    legalName: requiredText(shopSettingsMessages.legalName, 200),
    address: requiredText(shopSettingsMessages.address, 500, 'multiline'),
    state: z.enum(indianStateNames, { error: shopSettingsMessages.state }),
    /** Empty until the business is registered for GST. */
    gstin,
    /** Shown with the legal name when the business is a company; old forms without it keep ''. */
    cin: z._default(cin, ''),
    grievanceOfficer: z.object({
      name: requiredText(shopSettingsMessages.officerName, 100),
      /** The rules ask for the officer's name and designation; old forms without it keep this. */
      designation: z._default(
        requiredText(shopSettingsMessages.officerDesignation, 100),
        'Grievance Officer',
      ),
      email: emailAddress(shopSettingsMessages.officerEmail),
      phone: indianPhone(shopSettingsMessages.officerPhone),
    }),
    support: z.object({
      email: emailAddress(shopSettingsMessages.supportEmail),
      phone: indianPhone(shopSettingsMessages.supportPhone),
      whatsapp: indianPhone(shopSettingsMessages.whatsapp, 'allowed'),
    }),
    /** As shoppers read it, e.g. 'Mon-Sat 10 AM-7 PM, Sunday closed'. */
    businessHours: requiredText(shopSettingsMessages.hours, 200),
    paymentMethods: z
      .array(z.enum(paymentMethodsOnOffer, { error: shopSettingsMessages.paymentMethods }))
      .check(
        z.minLength(1, { error: shopSettingsMessages.paymentMethods }),
        // Online payment stays: a refused COD (area, amount, history) must leave a way to pay.
        z.refine((methods) => methods.includes('online'), {
          error: shopSettingsMessages.onlineRequired,
        }),
      ),
    /** Cash on delivery's terms, used while `paymentMethods` includes 'cod'. */
    cashOnDelivery: z.object({
      feeRupees: rupeeAmount(shopSettingsMessages.codFee, 1_000),
      minOrderRupees: rupeeAmount(shopSettingsMessages.codMin),
      maxOrderRupees: rupeeAmount(shopSettingsMessages.codMax),
    }),
    /** A size with this many or fewer left counts as low on stock, unless a product says otherwise. */
    lowStockThreshold: z
      .number({ error: shopSettingsMessages.lowStock })
      .check(
        z.int({ error: shopSettingsMessages.lowStock }),
        z.minimum(0, { error: shopSettingsMessages.lowStock }),
        z.maximum(1000, { error: shopSettingsMessages.lowStock }),
      ),
  })
  .check((payload) => {
    const { minOrderRupees, maxOrderRupees } = payload.value.cashOnDelivery;
    if (maxOrderRupees < minOrderRupees) {
      payload.issues.push({
        code: 'custom',
        message: shopSettingsMessages.codBounds,
        input: maxOrderRupees,
        path: ['cashOnDelivery', 'maxOrderRupees'],
      });
    }
    const { gstin: value, state } = payload.value;
    const problem = value === '' ? undefined : gstinStateProblem(value, state);
    if (problem)
      payload.issues.push({ code: 'custom', message: problem, input: value, path: ['gstin'] });
  });
export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;
export type ShopSettings = z.output<typeof shopSettingsSchema>;

const officer = z.object({
  name: z.string(),
  designation: z.string(),
  email: z.string(),
  phone: z.string(),
});

/**
 * What the storefront shows: who the seller is (legal name, registered address, GSTIN, CIN, as
 * India's e-commerce rules ask every page to say), how to reach it, when, and whom to complain to.
 */
export const publicShopSettings = z.object({
  shopName: z.string(),
  legalName: z.string(),
  address: z.string(),
  state: z.string(),
  gstin: z.string(),
  cin: z.string(),
  support: z.object({ email: z.string(), phone: z.string(), whatsapp: z.string() }),
  businessHours: z.string(),
  grievanceOfficer: officer,
});
export type PublicShopSettings = z.infer<typeof publicShopSettings>;

export function publicPartOf(settings: ShopSettings): PublicShopSettings {
  return {
    shopName: settings.shopName,
    legalName: settings.legalName,
    address: settings.address,
    state: settings.state,
    gstin: settings.gstin,
    cin: settings.cin,
    support: { ...settings.support },
    businessHours: settings.businessHours,
    grievanceOfficer: { ...settings.grievanceOfficer },
  };
}

/** The answer of `GET`/`PATCH /admin/settings`: the settings and when they last changed. */
export const adminShopSettingsResponse = successEnvelope(
  z.object({
    settings: z.object({
      shopName: z.string(),
      legalName: z.string(),
      address: z.string(),
      state: z.string(),
      gstin: z.string(),
      cin: z.string(),
      grievanceOfficer: officer,
      support: z.object({ email: z.string(), phone: z.string(), whatsapp: z.string() }),
      businessHours: z.string(),
      paymentMethods: z.array(z.string()),
      cashOnDelivery: z.object({
        feeRupees: z.number(),
        minOrderRupees: z.number(),
        maxOrderRupees: z.number(),
      }),
      lowStockThreshold: z.number(),
    }),
    updatedAt: z.nullable(z.string()),
  }),
);
export const publicShopSettingsResponse = successEnvelope(publicShopSettings);

/**
 * The settings a new shop starts with (its database is seeded with them), from the shop's
 * published contact details; the GSTIN is empty until the owner enters the registered one.
 */
export const defaultShopSettings: ShopSettings = {
  shopName: 'Lacebloom',
  legalName: 'Lacebloom Retail Pvt. Ltd.',
  address: '2nd Floor, 14 Wood Street, Ashok Nagar, Bengaluru 560025',
  state: 'Karnataka',
  gstin: '',
  cin: 'U52399KA2021PTC145678',
  grievanceOfficer: {
    name: 'Kavya Raghunath',
    designation: 'Head of Customer Care',
    email: 'grievances@lacebloom.in',
    phone: '8047196620',
  },
  support: { email: 'care@lacebloom.in', phone: '8047196620', whatsapp: '' },
  businessHours: 'Mon-Sat 10 AM-7 PM, Sunday closed',
  paymentMethods: ['online'],
  // Off until the owner adds 'cod' above; the terms are a common small shop's.
  cashOnDelivery: { feeRupees: 49, minOrderRupees: 299, maxOrderRupees: 10_000 },
  lowStockThreshold: 3,
};
