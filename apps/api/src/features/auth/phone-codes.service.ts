import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuthSession, PhoneCodeSent } from '@shop/contracts/auth';
import { invalid, throttled, unavailable } from '@shop/domain/errors';
import { PHONE_CODE_LIMITS, phonePrefix, type MessageChannel } from '@shop/domain/messages';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import { queryRows, type Database } from '../../db/client.ts';
import type { MessageOutbox, SecretValues } from '../messages/message-outbox.ts';
import type { Throttle } from '../throttle/throttle.ts';
import { authText } from './auth-messages.ts';

const EVENT_PREFIX = 'sign-in:';

/** The code of a request, derived from its random salt (the same inputs give the same code). */
export function derivedPhoneCode(key: Buffer, requestId: string, salt: string): string {
  const digest = createHmac('sha256', key).update(`code:${requestId}:${salt}`).digest();
  // 64 bits reduced to a million values: the bias is below one in 10^13.
  return String(digest.readBigUInt64BE(0) % 1_000_000n).padStart(6, '0');
}

/** The keyed hash a request keeps of its code, to check what she types in constant time. */
function codeHash(key: Buffer, requestId: string, code: string): Buffer {
  return createHmac('sha256', key).update(`${requestId}:${code}`).digest();
}

/** The rules of one send, by the action each counts under. */
const ACTIONS = {
  resend: 'phone-code-resend',
  number: 'phone-code-number',
  address: 'phone-code-ip',
  prefix: 'phone-code-prefix',
  day: 'phone-code-day',
} as const;

const REFUSALS: Record<string, string> = {
  [ACTIONS.resend]: authText.phoneCodeResend,
  [ACTIONS.number]: authText.phoneCodesPerNumber,
  [ACTIONS.address]: authText.phoneCodesPerNetwork,
  [ACTIONS.prefix]: authText.phoneCodesPerRange,
  [ACTIONS.day]: authText.phoneCodesPaused,
};

/**
 * Sign-in with a phone number: a 6-digit code, sent by WhatsApp (its authentication template)
 * or SMS, good for 5 minutes and 5 checks, never stored (derived from a random salt when sent,
 * kept as a keyed hash), and gone once used. Every limit is counted in one statement before the
 * message is queued.
 */
export function createPhoneCodes(deps: {
  db: Database;
  outbox: MessageOutbox;
  /** The 'phone-sign-in-code' key. */
  key: Buffer;
  clock: () => Date;
  codesPerDay: number;
  /** Counts the limits (client addresses keyed by their network, IPv6 per its prefix). */
  throttle: Throttle;
  signIn: (phone: string, userId: string | null) => Promise<AuthSession>;
  /** The shop's owners: told when the daily cap stops the codes. */
  owners: () => Promise<string[]>;
  mailer: Mailer;
  log: (error: unknown, message: string) => void;
}) {
  const { db, outbox, key } = deps;
  const at = () => sql`${deps.clock().toISOString()}::timestamptz`;

  async function tellOwners() {
    try {
      const owners = await deps.owners();
      const text =
        `The shop has sent its ${deps.codesPerDay} sign-in codes for today, so no more are sent ` +
        'until the day is over. Many codes to numbers nobody signs in with is how SMS pumping ' +
        'runs up a bill; if shoppers need more, raise PHONE_CODES_PER_DAY.';
      for (const to of owners) {
        await deps.mailer.send({
          to,
          subject: 'Sign-in codes paused for today',
          text,
          html: `<p>${text}</p>`,
        });
      }
    } catch (error) {
      deps.log(error, 'could not tell the owners that sign-in codes are paused');
    }
  }

  /** The code of a queued sign-in message, worked out again when it is sent. */
  const secretValues: SecretValues = async ({ eventKey }) => {
    const requestId = eventKey.slice(EVENT_PREFIX.length);
    const [row] = await queryRows<{ salt: string }>(
      db,
      sql`select salt from phone_codes where id = ${requestId} and expires_at > ${at()}`,
    );
    return row ? { code: derivedPhoneCode(key, requestId, row.salt) } : undefined;
  };

  /**
   * Checks a code and uses it up: each check is counted before the comparison, in the statement
   * that finds the code, and of two right answers at once only one deletes it. Answers the
   * account that asked for it while signed in, if one did.
   */
  async function consume(input: {
    requestId: string;
    phone: string;
    code: string;
  }): Promise<string | null> {
    const [row] = await queryRows<{ code_hash: string; user_id: string | null }>(
      db,
      sql`update phone_codes set checks = checks + 1
          where id = ${input.requestId} and phone = ${input.phone} and expires_at > ${at()}
            and checks < ${PHONE_CODE_LIMITS.maxChecks}
          returning code_hash, user_id`,
    );
    if (!row) throw invalid(authText.phoneCodeExpired);
    const typed = codeHash(key, input.requestId, input.code);
    const stored = Buffer.from(row.code_hash, 'hex');
    if (stored.length !== typed.length || !timingSafeEqual(stored, typed)) {
      throw invalid(authText.phoneCodeWrong);
    }
    const used = await queryRows<{ id: string }>(
      db,
      sql`delete from phone_codes where id = ${input.requestId} returning id`,
    );
    if (used.length === 0) throw invalid(authText.phoneCodeExpired);
    return row.user_id;
  }

  return {
    secretValues,

    /** The channels codes can go by now (none: phone sign-in is hidden). */
    channels: () => outbox.channels(),

    async send(input: {
      phone: string;
      channel?: MessageChannel | undefined;
      clientAddress: string;
      userId: string | null;
    }): Promise<PhoneCodeSent> {
      const channels = outbox.channels();
      if (channels.length === 0) throw unavailable(authText.phoneSignInOff);
      const asked = input.channel ?? 'whatsapp';
      const channel = channels.includes(asked) ? asked : channels[0]!;
      const { phone } = input;
      const decided = await deps.throttle.countTogether({
        instant: deps.clock(),
        backoff: {
          action: ACTIONS.resend,
          subject: phone,
          free: 1,
          firstDelayMs: PHONE_CODE_LIMITS.resendFirstMs,
          maxDelayMs: PHONE_CODE_LIMITS.resendMaxMs,
          memoryMs: PHONE_CODE_LIMITS.resendMemoryMs,
        },
        windows: [
          { action: ACTIONS.number, subject: phone, ...PHONE_CODE_LIMITS.perNumber },
          {
            action: ACTIONS.address,
            subject: input.clientAddress,
            ...PHONE_CODE_LIMITS.perAddress,
          },
          { action: ACTIONS.prefix, subject: phonePrefix(phone), ...PHONE_CODE_LIMITS.perPrefix },
        ],
        last: {
          action: ACTIONS.day,
          subject: 'shop',
          limit: deps.codesPerDay,
          windowMs: 24 * 60 * 60_000,
        },
      });
      if (!decided.allowed) {
        const refused = decided.rules.find((rule) => !rule.allowed)!;
        // The first code refused by the cap tells the owners, once a day.
        if (refused.action === ACTIONS.day && refused.hits === deps.codesPerDay + 1) {
          await tellOwners();
        }
        throw throttled(REFUSALS[refused.action]!, refused.retryAfterSeconds);
      }
      const requestId = randomUUID();
      const salt = randomBytes(16).toString('base64url');
      const code = derivedPhoneCode(key, requestId, salt);
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into phone_codes (id, phone, salt, code_hash, user_id, expires_at, created_at)
          values (${requestId}, ${phone}, ${salt}, ${codeHash(key, requestId, code).toString('hex')},
            ${input.userId}, ${new Date(deps.clock().getTime() + PHONE_CODE_LIMITS.ttlMs).toISOString()}::timestamptz,
            ${at()})`);
        await outbox.enqueueMessage(tx, {
          eventKey: `${EVENT_PREFIX}${requestId}`,
          phone,
          channel,
          purpose: 'sign_in',
          template: 'sign_in_code',
          variables: {},
          userId: input.userId,
        });
      });
      // Sent now rather than at the worker's next turn: she is waiting for it.
      await outbox
        .deliver()
        .catch((error: unknown) => deps.log(error, 'could not send a sign-in code'));
      const resend = decided.rules.find((rule) => rule.action === ACTIONS.resend)!;
      return { requestId, channel, resendAfterSeconds: resend.retryAfterSeconds };
    },

    async verify(input: {
      requestId: string;
      phone: string;
      code: string;
      userId: string | null;
    }): Promise<AuthSession> {
      const owner = await consume(input);
      // A code asked for while signed in adds the number to that account.
      if (owner && input.userId && owner !== input.userId) {
        throw invalid(authText.phoneCodeExpired);
      }
      return deps.signIn(input.phone, owner ?? input.userId);
    },

    /**
     * Proves she holds her verified number before something that cannot be undone (erasing her
     * account): the code is checked and used up as a sign-in's is, and nobody is signed in.
     */
    async confirm(input: { requestId: string; phone: string; code: string }): Promise<void> {
      await consume(input);
    },

    /** Deletes codes past their time. */
    async prune() {
      await db.execute(sql`delete from phone_codes where expires_at < ${at()}`);
    },
  };
}

export type PhoneCodes = ReturnType<typeof createPhoneCodes>;
