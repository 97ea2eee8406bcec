import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { layout, signOff } from '../mail/mail-layout.ts';

/**
 * The account mails. Plain-spoken and discreet: subjects say what the mail is about and never
 * what anyone bought or browsed, since a shared inbox or a lock screen shows them to others.
 */

export function verificationMail(to: string, firstName: string, link: string): MailMessage {
  const lines = [
    `Hello ${firstName},`,
    'Please confirm that this is your email address, so we can reach you about your orders and your account. The link works for 24 hours.',
    'If you did not create a Lacebloom account, you can ignore this email.',
  ];
  return {
    to,
    subject: 'Confirm your email address',
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}${signOff}`,
    html: layout(lines, { label: 'Confirm email address', url: link }),
  };
}

/**
 * The link that adds an address to an account made with a phone number. It goes to an address
 * someone typed, which may not be theirs: it names no one and nothing of the account.
 */
export function emailAdditionMail(to: string, link: string): MailMessage {
  const lines = [
    'Hello,',
    'Someone signed in to a Lacebloom account with their phone number asked to add this email address to it. If it was you, confirm with the link below; it works for 24 hours.',
    'If it was not you, ignore this email: the address is not added, and nobody can sign in with it.',
  ];
  return {
    to,
    subject: 'Add this email address to your account',
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}${signOff}`,
    html: layout(lines, { label: 'Add this email address', url: link }),
  };
}

export function passwordResetMail(to: string, firstName: string, link: string): MailMessage {
  const lines = [
    `Hello ${firstName},`,
    'We received a request to reset the password of your Lacebloom account. Choose a new password with the link below; it works once, for one hour.',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ];
  return {
    to,
    subject: 'Reset your password',
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}${signOff}`,
    html: layout(lines, { label: 'Choose a new password', url: link }),
  };
}

export function passwordChangedMail(to: string, firstName: string): MailMessage {
  const lines = [
    `Hello ${firstName},`,
    'The password of your Lacebloom account was just changed, and every device signed in with the old one has been signed out.',
    'If this was not you, reset your password straight away with "Forgot password?" on the sign-in screen, and write to us.',
  ];
  return {
    to,
    subject: 'Your password was changed',
    text: `${lines.join('\n\n')}${signOff}`,
    html: layout(lines),
  };
}
