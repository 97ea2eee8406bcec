/** The courier's settings: Shiprocket with its account, or the simulator; bookings' retries. */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ShiprocketConfig } from '../adapters/shipping/shiprocket-courier.ts';
import { optionalText, whole } from './env-fields.ts';

export interface ShippingConfig {
  /** `shiprocket` with SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD; otherwise the local simulator. */
  courier: 'shiprocket' | 'simulator';
  /**
   * Whether the shop may book parcels with its courier. In production the simulator books only
   * when COURIER_PROVIDER=simulator names it: a live shop must never mark real orders shipped
   * with made-up AWBs.
   */
  booking: boolean;
  /**
   * What tracking webhooks are checked with: the simulator's HMAC key (generated into DATA_DIR
   * when unset), or the security token given to Shiprocket's webhook.
   */
  webhookSecret: string;
  shiprocket: ShiprocketConfig | undefined;
  /** Base of the doubling wait between failed bookings (SHIPMENT_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** How long a claimed booking is left to its worker before another may take it. */
  leaseMs: number;
}

/** The courier's variables (see crossProblems for the ones that go together). */
export const shippingEnv = z.object({
  COURIER_PROVIDER: optionalText.pipe(
    z
      .enum(['shiprocket', 'simulator'], {
        error: (issue) =>
          `COURIER_PROVIDER must be shiprocket or simulator, got "${String(issue.input)}"`,
      })
      .optional(),
  ),
  SHIPROCKET_EMAIL: optionalText,
  SHIPROCKET_PASSWORD: optionalText,
  SHIPROCKET_PICKUP_LOCATION: optionalText,
  SHIPROCKET_API_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'SHIPROCKET_API_URL must be an http:// or https:// URL' })
      .optional(),
  ),
  COURIER_WEBHOOK_SECRET: optionalText.pipe(
    z.string().min(16, 'COURIER_WEBHOOK_SECRET must be at least 16 characters').optional(),
  ),
  SHIPMENT_RETRY_BASE_MS: whole('SHIPMENT_RETRY_BASE_MS', 10),
  SHIPMENT_LEASE_MS: whole('SHIPMENT_LEASE_MS', 100),
});

export function shippingConfig(
  env: z.infer<typeof shippingEnv> & { NODE_ENV: string | undefined },
): ShippingConfig {
  const shiprocket =
    env.SHIPROCKET_EMAIL && env.SHIPROCKET_PASSWORD && env.COURIER_PROVIDER !== 'simulator'
      ? {
          email: env.SHIPROCKET_EMAIL,
          password: env.SHIPROCKET_PASSWORD,
          pickupLocation: env.SHIPROCKET_PICKUP_LOCATION ?? 'Primary',
          ...(env.SHIPROCKET_API_URL ? { apiUrl: env.SHIPROCKET_API_URL.replace(/\/$/, '') } : {}),
          // The cross rules have made sure it is set.
          webhookToken: env.COURIER_WEBHOOK_SECRET!,
        }
      : undefined;
  return {
    courier: shiprocket ? 'shiprocket' : 'simulator',
    booking:
      shiprocket !== undefined ||
      env.COURIER_PROVIDER === 'simulator' ||
      env.NODE_ENV !== 'production',
    shiprocket,
    // The simulator signs and checks in the same process (it delivers to this very server), so
    // a secret of this process's own is enough, and nothing is written for it: `npm run migrate`
    // and `npm run seed` on PostgreSQL leave the data folder as they found it.
    webhookSecret: env.COURIER_WEBHOOK_SECRET ?? randomBytes(32).toString('base64url'),
    retryBaseMs: env.SHIPMENT_RETRY_BASE_MS ?? 30_000,
    // Longer than booking with a courier takes (three calls); a worker that died frees it then.
    leaseMs: env.SHIPMENT_LEASE_MS ?? 2 * 60_000,
  };
}
