import type { Mailer, MailMessage } from '../../adapters/mail/mailer.ts';
import type { AuthRepository, OneTimePurpose } from './auth.repository.ts';
import {
  EMAIL_VERIFICATION_TTL_MS,
  hashOpaqueToken,
  newOpaqueToken,
  PASSWORD_RESET_TTL_MS,
} from './tokens.ts';

export interface MailLinksDeps {
  repository: AuthRepository;
  mailer: Mailer;
  publicUrl: string;
  log: (error: unknown, message: string) => void;
}

/**
 * The account's mailed links (verify an address, reset a password) and the mails that carry
 * them. Only a link's hash is stored: the link itself exists only in the mail.
 */
export function createMailLinks(deps: MailLinksDeps) {
  return {
    /**
     * A new link for `purpose`. `email` is the address a verification link adds to an account
     * that has none; following the link sets it.
     */
    async issueLink(userId: string, purpose: OneTimePurpose, email?: string): Promise<string> {
      const token = newOpaqueToken();
      const ttl = purpose === 'password_reset' ? PASSWORD_RESET_TTL_MS : EMAIL_VERIFICATION_TTL_MS;
      await deps.repository.insertOneTimeToken({
        userId,
        purpose,
        tokenHash: hashOpaqueToken(token),
        expiresAt: new Date(Date.now() + ttl),
        ...(email !== undefined ? { email } : {}),
      });
      const page = purpose === 'password_reset' ? 'reset-password' : 'verify-email';
      return `${deps.publicUrl}/${page}?token=${encodeURIComponent(token)}`;
    },

    /**
     * Mail goes out after the data it talks about is saved. A mail server that is down must not
     * undo a sign-up or a reset: the failure is logged and the shopper can ask again.
     */
    async sendMail(message: MailMessage) {
      try {
        await deps.mailer.send(message);
      } catch (error) {
        deps.log(error, `could not send "${message.subject}"`);
      }
    },
  };
}

export type MailLinks = ReturnType<typeof createMailLinks>;
