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
  noEmailYet: 'This account has no email address yet.',
  emailAlreadySet: 'Your account already has an email address.',
  emailLinkSent:
    'We have sent a link to this address. Follow it within 24 hours to add the address to your account.',
  phoneOtherAccount: 'This number is already verified on another account.',
  phoneSignInOff: 'Sign-in with a phone number is not available.',
  phoneCodeWrong: 'That code is not right. Please check it and try again.',
  phoneCodeExpired: 'This code has expired or was used. Please ask for a new one.',
  phoneCodeResend: 'Please wait before asking for another code.',
  phoneCodesPerNumber: 'Too many codes were sent to this number. Please try again in 15 minutes.',
  phoneCodesPerNetwork: 'Too many codes were asked for from your network. Please try again later.',
  phoneCodesPerRange:
    'Too many codes were asked for numbers like this one. Please try again later.',
  phoneCodesPaused:
    'Sign-in codes are paused for today. Please sign in with your email, or try again tomorrow.',
  forgotPasswordSent:
    'If an account exists for this email, we have sent a link to reset its password.',
} as const;
