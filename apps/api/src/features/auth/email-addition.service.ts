import { conflict, unauthenticated } from '@shop/domain/errors';
import { isUniqueViolation, type Database, type Executor } from '../../db/client.ts';
import type { Throttle, WindowRule } from '../throttle/throttle.ts';
import { emailAdditionMail } from './auth-mails.ts';
import { authText } from './auth-messages.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import type { MailLinks } from './mail-links.ts';
import { throttleRules } from './throttle.ts';

export interface EmailAdditionDeps {
  db: Database;
  repository: AuthRepository;
  throttle: Throttle;
  links: MailLinks;
  /** The network's sign-ups: asking to add an address tells whether it has an account, as they do. */
  signupRule: WindowRule;
}

/**
 * An account made with a phone number has no email address (''). She adds one by following a
 * link mailed to it: until then her account's address stays as it was, and the address stays
 * free for anyone to sign up with. Once added it is verified: she can sign in with it (after
 * setting a password through 'Forgot password?') and receive mail at it.
 */
export function createEmailAddition(deps: EmailAdditionDeps) {
  const { db, repository, throttle, links } = deps;

  return {
    /**
     * Mails a link that adds `email` to her account; a newer link retires the older ones. Counted
     * before anything is checked, refusals too: the answer says whether the address has an
     * account, as a sign-up's does (and in the same words).
     */
    async request(userId: string, email: string, clientAddress: string) {
      await throttle.take(throttleRules.emailAdditionsPerUser, userId);
      await throttle.take(deps.signupRule, clientAddress);
      const row = await repository.findUserById(userId);
      if (!row || row.erasedAt) throw unauthenticated(authText.badToken);
      if (row.email !== '') throw conflict(authText.emailAlreadySet);
      if (await repository.findUserByEmail(db, email)) throw conflict(authText.emailTaken);
      await db.transaction((tx) =>
        repository.retireOneTimeTokens(tx, userId, 'email_verification'),
      );
      const link = await links.issueLink(userId, 'email_verification', email);
      await links.sendMail(emailAdditionMail(email, link));
      return { email };
    },

    /**
     * Sets the address a followed link proved, in the link's own transaction. Undefined when the
     * account has an address by now (or was erased): the link is spent and changes nothing. An
     * address that another account took meanwhile is refused as a sign-up would be.
     */
    async confirmIn(tx: Executor, userId: string, email: string): Promise<UserRow | undefined> {
      await repository.lockUser(tx, userId, 'update');
      const current = await repository.findUserIn(tx, userId);
      if (!current || current.erasedAt || current.email !== '') return undefined;
      try {
        return await repository.updateUser(tx, userId, { email, emailVerified: true });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(authText.emailTaken);
        throw error;
      }
    },
  };
}
