// Accounts: every request schema here is used twice, by the storefront's forms and by the API's
// routes, so the messages a shopper sees beside a field are the ones the API answers with.
// zod/mini because these ship to the browser with the sign-in dialog and the profile page.
import * as z from 'zod/mini';
import { isPinCode, MAX_ADDRESSES } from '@shop/domain/contact-details';
import { userRoles } from '@shop/domain/roles';
import {
  indianPhone,
  optionalText,
  plainText,
  requiredText,
  successEnvelope,
} from './common-mini.ts';
import { emailAddress } from './email.ts';
import { signupOffersSchema } from './account-data.ts';
import { mySize } from './fit.ts';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export { MAX_ADDRESSES };

export const authMessages = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailInvalid: 'Valid email is required.',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  phoneInvalid: 'Valid phone number is required.',
  addressNameRequired: 'Name is required',
  addressLineRequired: 'Address is required',
  pinCodeInvalid: 'Invalid PIN code',
  addressPhoneInvalid: 'Invalid phone number',
  tooManyAddresses: `At most ${MAX_ADDRESSES} addresses can be saved.`,
  noRefreshToken: 'No token to refresh',
  currentPasswordRequired: 'Current password is required.',
  resetTokenRequired: 'This password reset link is invalid or has expired.',
  verificationTokenRequired: 'This verification link is invalid or has expired.',
  googleCodeRequired: 'Authorization code is required.',
  addressInvalid: 'Invalid address',
  addressLine2Invalid: 'Invalid address line 2',
  cityInvalid: 'Invalid city',
  stateInvalid: 'Invalid state',
  homeAddressInvalid: 'Invalid home address',
  officeAddressInvalid: 'Invalid office address',
} as const;

const email = emailAddress(authMessages.emailInvalid);

// Passwords are the one text left as typed: never stored, shown or logged (only their hash is
// kept), and a rule added now would lock out whoever already chose such a password.
const password = z
  .string({ error: authMessages.passwordTooShort })
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, { error: authMessages.passwordTooShort, abort: true }),
    z.maxLength(MAX_PASSWORD_LENGTH, { error: authMessages.passwordTooLong }),
  );

/** A pin code that may be left blank; anything typed must be exactly 6 digits. */
const optionalPinCode = z._default(
  z.string({ error: authMessages.pinCodeInvalid }).check(
    z.trim(),
    z.refine((value) => value === '' || isPinCode(value), { error: authMessages.pinCodeInvalid }),
  ),
  '',
);

/**
 * A saved address. It needs a name (Home, Office, Mum's place) and a first line; the rest may be
 * completed later (addresses from sign-up have no city, state or pin code yet), but a pin code or
 * phone that is given must be valid. `_id` names an existing address being edited.
 */
export const savedAddressInput = z.object({
  _id: z.optional(z.string().check(z.maxLength(64), plainText(authMessages.addressInvalid))),
  name: requiredText(authMessages.addressNameRequired, 60),
  addressLine1: requiredText(authMessages.addressLineRequired, 200),
  addressLine2: optionalText(authMessages.addressLine2Invalid, 200),
  city: optionalText(authMessages.cityInvalid, 100),
  state: optionalText(authMessages.stateInvalid, 100),
  pinCode: optionalPinCode,
  phone: z._default(indianPhone(authMessages.addressPhoneInvalid, 'allowed'), ''),
});
export type SavedAddressInput = z.input<typeof savedAddressInput>;

const addressList = z
  .array(savedAddressInput)
  .check(z.maxLength(MAX_ADDRESSES, { error: authMessages.tooManyAddresses }));

/**
 * Sign-up, checked in the order a shopper reads the form: first name, last name, email,
 * password, phone. Home and office addresses are optional single lines; they become saved
 * addresses named Home and Office. `addresses` takes full saved addresses as well.
 */
export const signupSchema = z.object({
  firstName: requiredText(authMessages.firstNameRequired, 50),
  lastName: requiredText(authMessages.lastNameRequired, 50),
  email,
  password,
  phone: indianPhone(authMessages.phoneInvalid),
  addresses: z.optional(addressList),
  homeAddress: optionalText(authMessages.homeAddressInvalid, 200),
  officeAddress: optionalText(authMessages.officeAddressInvalid, 200),
  /** The offer boxes she ticked (each unticked unless she ticks it); recorded as her consent. */
  offers: z.optional(signupOffersSchema),
});
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

export const loginSchema = z.object({ email, password });
export type LoginInput = z.input<typeof loginSchema>;

/**
 * What a shopper may change about herself. The email, role, verification and ids are not here,
 * so they cannot be set through the profile however the request is dressed up.
 */
export const profileUpdateSchema = z.object({
  firstName: z.optional(requiredText(authMessages.firstNameRequired, 50)),
  lastName: z.optional(requiredText(authMessages.lastNameRequired, 50)),
  phone: z.optional(indianPhone(authMessages.phoneInvalid, 'allowed')),
  addresses: z.optional(addressList),
  /** Her bra size ('34B', any chart's spelling), or null to forget it. */
  mySize: z.optional(mySize),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export const refreshSchema = z.object({
  refreshToken: z
    .string({ error: authMessages.noRefreshToken })
    .check(
      z.minLength(1, { error: authMessages.noRefreshToken }),
      z.maxLength(200, { error: authMessages.noRefreshToken }),
      plainText(authMessages.noRefreshToken),
    ),
});

/** Signing out may send the refresh token, or nothing at all. */
export const logoutSchema = z.nullish(
  z.object({
    refreshToken: z.optional(
      z.string().check(z.maxLength(200), plainText(authMessages.noRefreshToken)),
    ),
  }),
);

export const forgotPasswordSchema = z.object({ email });

/**
 * The address an account made with a phone number adds (`POST /auth/email`): the profile's form
 * and the API check it with this one schema.
 */
export const addEmailSchema = z.object({ email });
export type AddEmailInput = z.input<typeof addEmailSchema>;

export const resetPasswordSchema = z.object({
  token: requiredText(authMessages.resetTokenRequired, 200),
  password,
});

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: authMessages.currentPasswordRequired })
    .check(
      z.minLength(1, { error: authMessages.currentPasswordRequired }),
      z.maxLength(MAX_PASSWORD_LENGTH, { error: authMessages.passwordTooLong }),
    ),
  newPassword: password,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const verifyEmailSchema = z.object({
  token: requiredText(authMessages.verificationTokenRequired, 200),
});

/**
 * Google sign-in: the authorization code and the redirect URI it was issued for. A client may
 * also send clientId and a client secret; both are ignored (the server holds its own).
 */
export const googleSignInSchema = z.object({
  code: requiredText(authMessages.googleCodeRequired, 2048),
  redirectUri: z.string({ error: 'Invalid redirectUri' }).check(
    z.maxLength(500),
    plainText('Invalid redirectUri'),
    z.refine(
      (value) => {
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { error: 'Invalid redirectUri' },
    ),
  ),
});

// ---------- answers ----------

export const savedAddress = z.object({
  _id: z.string(),
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  phone: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddress>;

export { userRoles, type UserRole } from '@shop/domain/roles';

export const user = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(userRoles),
  /** False for accounts made through Google that never set a password. */
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
  addresses: z.array(savedAddress),
  /** Her bra size as she saved it ('34B'), or null. */
  mySize: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof user>;

export const authSession = z.object({
  user,
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number(),
});
export type AuthSession = z.infer<typeof authSession>;

export const googleConfig = z.object({
  enabled: z.boolean(),
  clientId: z.nullable(z.string()),
  authorizationUrl: z.nullable(z.string()),
});
export type GoogleConfig = z.infer<typeof googleConfig>;

export const authSessionResponse = successEnvelope(authSession);
export const userResponse = successEnvelope(user);
export const messageResponse = successEnvelope(z.null());
export const googleConfigResponse = successEnvelope(googleConfig);
/** The address a link was mailed to, to add it to her account once she follows it. */
export const emailLinkSentResponse = successEnvelope(z.object({ email: z.string() }));

/** Sign-in with a phone: a code is sent to it (WhatsApp first, SMS when asked). */
export const phoneCodeSendSchema = z.object({
  phone: indianPhone(authMessages.phoneInvalid),
  channel: z.optional(z.enum(['whatsapp', 'sms'], { error: 'Channel must be whatsapp or sms.' })),
});
export type PhoneCodeSend = z.infer<typeof phoneCodeSendSchema>;

export const phoneCodeVerifySchema = z.object({
  requestId: z.string({ error: 'The code request is not valid.' }).check(
    z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
      error: 'The code request is not valid.',
    }),
  ),
  phone: indianPhone(authMessages.phoneInvalid),
  code: z
    .string({ error: 'Enter the 6-digit code.' })
    .check(z.trim(), z.regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' })),
});
export type PhoneCodeVerify = z.infer<typeof phoneCodeVerifySchema>;

const phoneCodeSent = z.object({
  requestId: z.string(),
  channel: z.enum(['whatsapp', 'sms']),
  /** Seconds before another code may be asked for. */
  resendAfterSeconds: z.number(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSent>;
export const phoneCodeSentResponse = successEnvelope(phoneCodeSent);

/** Whether phone sign-in is offered, and on which channels codes can go. */
const phoneSignInConfig = z.object({
  enabled: z.boolean(),
  channels: z.array(z.enum(['whatsapp', 'sms'])),
});
export type PhoneSignInConfig = z.infer<typeof phoneSignInConfig>;
export const phoneSignInConfigResponse = successEnvelope(phoneSignInConfig);
