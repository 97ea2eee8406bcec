import type {
  DeleteAccountInput,
  MessagePreferences,
  MessagePreferencesUpdate,
} from '@shop/contracts/account-data';
import type { AddEmailInput, ChangePasswordInput, ProfileUpdateInput } from '@shop/contracts/auth';
import { lazyContract, type ApiClient } from '../../lib/api-client';

// The answers' contracts load with the first call (checkout and the profile keep zod out of
// their first load).
const auth = () => import('@shop/contracts/auth');
const userAnswer = lazyContract(auth, (m) => m.userResponse);
const sessionAnswer = lazyContract(auth, (m) => m.authSessionResponse);
const messageAnswer = lazyContract(auth, (m) => m.messageResponse);
const accountData = () => import('@shop/contracts/account-data');
const choicesAnswer = lazyContract(accountData, (m) => m.messagePreferencesResponse);
const deletedAnswer = lazyContract(accountData, (m) => m.accountDeletedResponse);

/**
 * The account calls only the account pages and forms make (profile, password, verification,
 * Google's configuration), over a client (the signed-in one `authed` hands out, or a plain one).
 * Signing in, up and out stay in the shared client: the header's session uses them on every page.
 */
export function accountApi({ data, send, file }: ApiClient) {
  return {
    messageChoices: (): Promise<MessagePreferences> =>
      data('/account/messages', 'Could not load your message choices', choicesAnswer),
    saveMessageChoices: (choices: MessagePreferencesUpdate) =>
      send(choicesAnswer, 'PUT', '/account/messages', 'Could not save your choices', choices),
    /** Everything the shop holds about her, as the JSON file the server names. */
    downloadData: () => file('GET', '/account/data', 'Could not prepare your data'),
    deleteAccount: (input: DeleteAccountInput) =>
      send(deletedAnswer, 'DELETE', '/account', 'Could not delete your account', input),
    updateProfile: (input: ProfileUpdateInput) =>
      send(userAnswer, 'PATCH', '/auth/profile', 'Failed to update profile', input),
    forgotPassword: (email: string) =>
      send(messageAnswer, 'POST', '/auth/forgot-password', 'Password reset request failed', {
        email,
      }),
    resetPassword: (token: string, password: string) =>
      send(messageAnswer, 'POST', '/auth/reset-password', 'Password reset failed', {
        token,
        password,
      }),
    changePassword: (input: ChangePasswordInput) =>
      send(sessionAnswer, 'POST', '/auth/change-password', 'Password change failed', input),
    verifyEmail: (token: string) =>
      send(userAnswer, 'POST', '/auth/verify-email', 'Email verification failed', { token }),
    /** Mails a link that adds this address to an account made with a phone number. */
    addEmail: (input: AddEmailInput) =>
      send(
        lazyContract(auth, (m) => m.emailLinkSentResponse),
        'POST',
        '/auth/email',
        'Could not send the link',
        input,
      ),
    resendVerification: () =>
      send(
        messageAnswer,
        'POST',
        '/auth/resend-verification',
        'Failed to resend verification email',
      ),
    phoneConfig: () =>
      data(
        '/auth/otp/config',
        'Phone sign-in is not available',
        lazyContract(auth, (m) => m.phoneSignInConfigResponse),
      ),
    sendPhoneCode: (phone: string, channel?: 'whatsapp' | 'sms') =>
      send(
        lazyContract(auth, (m) => m.phoneCodeSentResponse),
        'POST',
        '/auth/otp/send',
        'Could not send the code',
        channel ? { phone, channel } : { phone },
      ),
    verifyPhoneCode: (input: { requestId: string; phone: string; code: string }) =>
      send(sessionAnswer, 'POST', '/auth/otp/verify', 'Could not check the code', input),
    googleConfig: () =>
      data(
        '/auth/google/config',
        'Google authentication failed',
        lazyContract(auth, (m) => m.googleConfigResponse),
      ),
  };
}
