/** Phone messages: WhatsApp (Meta's Cloud API) and SMS (MSG91), or the simulator of both. */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PHONE_CODE_LIMITS } from '@shop/domain/messages';
import { list, optionalText, storedSecret, whole } from './env-fields.ts';

export interface WhatsAppSettings {
  phoneNumberId: string;
  accessToken: string;
  /** The app secret: the key of the `X-Hub-Signature-256` HMAC on every webhook. */
  appSecret: string;
  /** What Meta's subscription handshake must present as `hub.verify_token`. */
  verifyToken: string;
}

export interface Msg91Settings {
  authKey: string;
  senderId: string;
  /** The secret path segment of the delivery-report webhook (MSG91 signs nothing). */
  webhookToken: string;
  /** Each template's MSG91 template id (registered with its DLT template id). */
  templateIds: Record<string, string>;
}

export interface MessagingConfig {
  /**
   * `simulator`: both channels go to the local simulator. `providers`: WhatsApp and SMS each go
   * to their provider when its settings are complete. `off`: no phone messages and no phone
   * sign-in (production without providers and without MESSAGING_PROVIDER=simulator).
   */
  mode: 'simulator' | 'providers' | 'off';
  whatsapp: WhatsAppSettings | undefined;
  sms: Msg91Settings | undefined;
  /** Sign-in codes the whole shop sends in a day (PHONE_CODES_PER_DAY). */
  codesPerDay: number;
}

export const messagingEnv = z.object({
  MESSAGING_PROVIDER: optionalText.pipe(
    z
      .enum(['simulator', 'providers'], {
        error: (issue) =>
          `MESSAGING_PROVIDER must be simulator or providers, got "${String(issue.input)}"`,
      })
      .optional(),
  ),
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  MSG91_AUTH_KEY: optionalText,
  MSG91_SENDER_ID: optionalText,
  MSG91_WEBHOOK_TOKEN: optionalText.pipe(
    z.string().min(16, 'MSG91_WEBHOOK_TOKEN must be at least 16 characters').optional(),
  ),
  /** `template=id` pairs, comma-separated: `sign_in_code=64f…,order_shipped=64a…`. */
  MSG91_TEMPLATE_IDS: list,
  PHONE_CODES_PER_DAY: whole('PHONE_CODES_PER_DAY', 1, 10_000_000),
});

type MessagingEnv = z.infer<typeof messagingEnv> & {
  NODE_ENV?: string | undefined;
  DATABASE_URL?: string | undefined;
};

const WHATSAPP_KEYS = [
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;
const MSG91_KEYS = ['MSG91_AUTH_KEY', 'MSG91_SENDER_ID', 'MSG91_WEBHOOK_TOKEN'] as const;

function templateIds(pairs: string[]): Record<string, string> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const [name = '', id = ''] = pair.split('=');
      return [name.trim(), id.trim()];
    }),
  );
}

/**
 * The channels' settings. Development without provider settings runs the simulator; production
 * runs it only when named (MESSAGING_PROVIDER=simulator), and otherwise sends nothing to phones
 * unless a provider's settings are complete: phone sign-in is then hidden, never simulated.
 */
export function messagingConfig(env: MessagingEnv, dataDir: string): MessagingConfig {
  const codesPerDay = env.PHONE_CODES_PER_DAY ?? PHONE_CODE_LIMITS.perDayDefault;
  const hasWhatsApp = WHATSAPP_KEYS.every((key) => env[key]);
  const hasSms = MSG91_KEYS.every((key) => env[key]);
  const production = env.NODE_ENV === 'production';
  const simulator =
    env.MESSAGING_PROVIDER === 'simulator' ||
    (env.MESSAGING_PROVIDER === undefined && !production && !hasWhatsApp && !hasSms);
  if (simulator) {
    // The simulator checks signatures and tokens exactly as the providers' webhooks need them.
    // It posts its webhooks to its own process, so on a shared database (where DATA_DIR is not
    // the shop's to write) a secret of the process's own serves, as the courier simulator's does.
    const secret = (name: string) =>
      env.DATABASE_URL ? randomBytes(32).toString('base64url') : storedSecret(dataDir, name);
    return {
      mode: 'simulator',
      whatsapp: {
        phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? '100000000000001',
        accessToken: env.WHATSAPP_ACCESS_TOKEN ?? 'simulator',
        appSecret: env.WHATSAPP_APP_SECRET ?? secret('messaging-simulator-app-secret'),
        verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? secret('messaging-simulator-verify-token'),
      },
      sms: {
        authKey: env.MSG91_AUTH_KEY ?? 'simulator',
        senderId: env.MSG91_SENDER_ID ?? 'LCBLOM',
        webhookToken: env.MSG91_WEBHOOK_TOKEN ?? secret('messaging-simulator-sms-token'),
        templateIds: templateIds(env.MSG91_TEMPLATE_IDS),
      },
      codesPerDay,
    };
  }
  if (!hasWhatsApp && !hasSms)
    return { mode: 'off', whatsapp: undefined, sms: undefined, codesPerDay };
  return {
    mode: 'providers',
    whatsapp: hasWhatsApp
      ? {
          phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
          accessToken: env.WHATSAPP_ACCESS_TOKEN!,
          appSecret: env.WHATSAPP_APP_SECRET!,
          verifyToken: env.WHATSAPP_VERIFY_TOKEN!,
        }
      : undefined,
    sms: hasSms
      ? {
          authKey: env.MSG91_AUTH_KEY!,
          senderId: env.MSG91_SENDER_ID!,
          webhookToken: env.MSG91_WEBHOOK_TOKEN!,
          templateIds: templateIds(env.MSG91_TEMPLATE_IDS),
        }
      : undefined,
    codesPerDay,
  };
}

/** The messaging variables that must go together (reported with the rest of the configuration). */
export function messagingProblems(env: (name: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const [group, keys] of [
    ['WhatsApp', WHATSAPP_KEYS],
    ['MSG91', MSG91_KEYS],
  ] as const) {
    const set = keys.filter((key) => env(key));
    if (set.length > 0 && set.length < keys.length && env('MESSAGING_PROVIDER') !== 'simulator') {
      problems.push(
        `${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set, so ${keys.filter((key) => !env(key)).join(', ')} must be set too to send by ${group} (or set MESSAGING_PROVIDER=simulator).`,
      );
    }
  }
  if (
    env('MESSAGING_PROVIDER') === 'providers' &&
    !env('WHATSAPP_PHONE_NUMBER_ID') &&
    !env('MSG91_AUTH_KEY')
  ) {
    problems.push(
      `MESSAGING_PROVIDER=providers needs WhatsApp (${WHATSAPP_KEYS.join(', ')}) or MSG91 (${MSG91_KEYS.join(', ')}) settings.`,
    );
  }
  if (env('MSG91_AUTH_KEY') && env('MESSAGING_PROVIDER') !== 'simulator') {
    const named = new Set(
      (env('MSG91_TEMPLATE_IDS') ?? '')
        .split(',')
        .map((pair) => pair.split('=')[0]?.trim())
        .filter(Boolean),
    );
    if (!named.has('sign_in_code')) {
      problems.push(
        "With MSG91 set MSG91_TEMPLATE_IDS to each template's MSG91 template id (at least sign_in_code=…), as registered with DLT.",
      );
    }
  }
  return problems;
}
