// Her choices about messages and her data: the profile's and the sign-up form's boxes and the API
// check one schema. The wording each box shows is written once (packages/domain, re-exported
// here), so the consent record keeps exactly the words she read: the server records its own copy,
// never words a browser sends.
// zod/mini because these ship to the browser with the profile page and the sign-in dialog.
import * as z from 'zod/mini';
import { consentSources, messageChannels, messagePurposes } from '@shop/domain/account-data';
import { successEnvelope } from './common-mini.ts';

export {
  consentWording,
  erasureWithdrawalWording,
  consentSources,
  messageChannels,
  messagePurposes,
  type ConsentSource,
  type MessageChannel,
  type MessagePurpose,
  type MessagePreferences,
} from '@shop/domain/account-data';

export const accountDataMessages = {
  choicesInvalid: 'Choose on or off for each kind of message and channel.',
  passwordRequired: 'Enter your password to delete your account.',
  wrongPassword: 'That password is not right, so your account was not deleted.',
  noPassword:
    'Your account has no password yet. Set one with “Forgot password?” in the sign-in dialog, then delete your account with it.',
  codeRequired: 'Enter the 6-digit code we sent to your phone.',
  noVerifiedPhone:
    'Your account has no verified phone number to send a code to. Use your password instead.',
  alreadyDeleted: 'This account has been deleted.',
  staff: 'A staff account is removed by an owner in the back office, not deleted here.',
} as const;

const choice = z.boolean({ error: accountDataMessages.choicesInvalid });
const channelChoices = z.object(
  { email: choice, whatsapp: choice, sms: choice },
  { error: accountDataMessages.choicesInvalid },
);

/** Her choices, whole: every purpose and channel on or off. */
export const messagePreferencesSchema = z.object(
  { orderUpdates: channelChoices, offers: channelChoices },
  { error: accountDataMessages.choicesInvalid },
);

/** PUT /api/account/messages: her choices, and where she made them (the profile unless said). */
export const messagePreferencesUpdateSchema = z.extend(messagePreferencesSchema, {
  source: z.optional(
    z.enum(['profile', 'checkout'], { error: accountDataMessages.choicesInvalid }),
  ),
});
export type MessagePreferencesUpdate = z.input<typeof messagePreferencesUpdateSchema>;

/** The sign-up form's offer boxes: each unticked unless she ticks it. */
export const signupOffersSchema = z.object({
  email: z._default(choice, false),
  whatsapp: z._default(choice, false),
  sms: z._default(choice, false),
});
export type SignupOffersInput = z.input<typeof signupOffersSchema>;

const requestIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * DELETE /api/account: her password proves it is her, or, for an account that signs in with its
 * phone, a code sent to her verified number (`requestId` from POST /api/auth/otp/send).
 */
export const deleteAccountSchema = z
  .object({
    password: z.optional(
      z
        .string({ error: accountDataMessages.passwordRequired })
        .check(
          z.minLength(1, { error: accountDataMessages.passwordRequired }),
          z.maxLength(128, { error: accountDataMessages.wrongPassword }),
        ),
    ),
    requestId: z.optional(
      z
        .string({ error: accountDataMessages.codeRequired })
        .check(z.regex(requestIdPattern, { error: accountDataMessages.codeRequired })),
    ),
    code: z.optional(
      z
        .string({ error: accountDataMessages.codeRequired })
        .check(z.trim(), z.regex(/^\d{6}$/, { error: accountDataMessages.codeRequired })),
    ),
  })
  .check(
    z.refine(
      (input) =>
        input.password !== undefined || (input.requestId !== undefined && input.code !== undefined),
      { error: accountDataMessages.passwordRequired, path: ['password'] },
    ),
  );
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
export type DeleteAccount = z.output<typeof deleteAccountSchema>;

// ---------- answers ----------

export const messagePreferencesResponse = successEnvelope(messagePreferencesSchema);

/** What the law made the shop keep after an erasure, and until when. */
export const keptRecord = z.object({
  kind: z.literal('order'),
  orderNumber: z.string(),
  until: z.string(),
});
export type KeptRecord = z.infer<typeof keptRecord>;

export const accountDeletedResponse = successEnvelope(z.object({ kept: z.array(keptRecord) }));
export type AccountDeleted = z.infer<typeof accountDeletedResponse>['data'];

/** The consent record as her download shows it. */
export const consentRecordView = z.object({
  purpose: z.enum(messagePurposes),
  channel: z.enum(messageChannels),
  granted: z.boolean(),
  source: z.enum(consentSources),
  wording: z.string(),
  at: z.string(),
});
export type ConsentRecordView = z.infer<typeof consentRecordView>;
