import type {
  AuthSession,
  ChangePasswordInput,
  GoogleConfig,
  ProfileUpdateInput,
  User,
} from '@shop/contracts/auth';
import type { ApiClient } from '../../lib/api-client';

/**
 * The account calls only the account pages and forms make (profile, password, verification,
 * Google's configuration), over a client (the signed-in one `authed` hands out, or a plain one).
 * Signing in, up and out stay in the shared client: the header's session uses them on every page.
 */
export function accountApi({ data, send }: ApiClient) {
  return {
    updateProfile: (input: ProfileUpdateInput) =>
      send<User>('PATCH', '/auth/profile', 'Failed to update profile', input),
    forgotPassword: (email: string) =>
      send<null>('POST', '/auth/forgot-password', 'Password reset request failed', { email }),
    resetPassword: (token: string, password: string) =>
      send<null>('POST', '/auth/reset-password', 'Password reset failed', { token, password }),
    changePassword: (input: ChangePasswordInput) =>
      send<AuthSession>('POST', '/auth/change-password', 'Password change failed', input),
    verifyEmail: (token: string) =>
      send<User>('POST', '/auth/verify-email', 'Email verification failed', { token }),
    resendVerification: () =>
      send<null>('POST', '/auth/resend-verification', 'Failed to resend verification email'),
    googleConfig: () => data<GoogleConfig>('/auth/google/config', 'Google authentication failed'),
  };
}
