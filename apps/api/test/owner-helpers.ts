import { send, signUp } from './auth-helpers.ts';
import { lastMailTo, linkToken } from './outbox.ts';
import type { TestWorld } from './test-app.ts';

/** Follows the newest verification link mailed to `email`; answers the verified user. */
export async function followVerificationLink(world: TestWorld, email: string) {
  const mail = await lastMailTo(world.config.outboxDir, email, /confirm/i);
  const token = linkToken(mail, 'verify-email');
  if (!token) throw new Error(`no verification link was mailed to ${email}`);
  const answer = await send(world.app, 'POST', '/api/auth/verify-email', { body: { token } });
  if (answer.status !== 200) throw new Error(`verification failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/**
 * Signs up with an address listed in ADMIN_EMAILS and follows the verification link, which is
 * what makes the account an owner.
 */
export async function signUpOwner(world: TestWorld, email: string) {
  const session = await signUp(world.app, { email });
  await followVerificationLink(world, email);
  return session;
}
