/** What the shopper reads when signing up, in or out, or proving her email fails or succeeds. */
export const authText = {
  emailTaken: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  noToken: 'No authentication token found',
  badToken: 'Invalid or expired token',
  badRefreshToken: 'Invalid or expired refresh token',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  verificationLinkInvalid: 'This verification link is invalid or has expired.',
  wrongCurrentPassword: 'Current password is incorrect.',
  alreadyVerified: 'Your email address is already verified.',
  googleNotConfigured: 'Google sign-in is not configured',
  googleFailed: 'Google authentication failed',
  googleEmailUnverified:
    'Google has not verified the email address of this Google account, so it cannot be used to sign in.',
  googleOtherAccount:
    'An account with this email is linked to another Google account. Sign in with your email and password.',
  forgotPasswordSent:
    'If an account exists for this email, we have sent a link to reset its password.',
} as const;
