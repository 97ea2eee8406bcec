/** The payment provider's settings: Razorpay with its keys, or the simulator that signs alike. */
import { z } from 'zod';
import { optionalText, storedSecret } from './env-fields.ts';

export interface PaymentsConfig {
  /**
   * `razorpay` with real keys; `simulator` signs locally: the default without RAZORPAY_KEY_ID in
   * development, and only when PAYMENT_PROVIDER=simulator names it in production.
   */
  provider: 'razorpay' | 'simulator';
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** The payment provider's variables (see crossProblems for the ones that go together). */
export const paymentsEnv = z.object({
  PAYMENT_PROVIDER: optionalText.pipe(
    z
      .enum(['razorpay', 'simulator'], {
        error: (issue) =>
          `PAYMENT_PROVIDER must be razorpay or simulator, got "${String(issue.input)}"`,
      })
      .optional(),
  ),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
});

export function paymentsConfig(env: z.infer<typeof paymentsEnv>, dataDir: string): PaymentsConfig {
  const provider =
    env.PAYMENT_PROVIDER === 'simulator' || !env.RAZORPAY_KEY_ID ? 'simulator' : 'razorpay';
  if (provider === 'razorpay') {
    // The schema has made sure both secrets are there.
    return {
      provider,
      keyId: env.RAZORPAY_KEY_ID!,
      keySecret: env.RAZORPAY_KEY_SECRET!,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
    };
  }
  // The simulator signs exactly as Razorpay does, with secrets of its own kept in DATA_DIR.
  return {
    provider,
    keyId: env.RAZORPAY_KEY_ID ?? 'rzp_test_simulator',
    keySecret: env.RAZORPAY_KEY_SECRET ?? storedSecret(dataDir, 'payment-simulator-key-secret'),
    webhookSecret:
      env.RAZORPAY_WEBHOOK_SECRET ?? storedSecret(dataDir, 'payment-simulator-webhook-secret'),
  };
}
