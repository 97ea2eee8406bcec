import { createHmac, timingSafeEqual } from 'node:crypto';

/** hex(HMAC-SHA256(secret, message)): how Razorpay signs payments and webhooks. */
export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A checkout's signature: HMAC of `order_id|payment_id` with the key secret. */
export function paymentSignature(
  keySecret: string,
  providerOrderId: string,
  providerPaymentId: string,
) {
  return hmacHex(keySecret, `${providerOrderId}|${providerPaymentId}`);
}

export function isValidPaymentSignature(
  keySecret: string,
  providerOrderId: string,
  providerPaymentId: string,
  signature: string,
): boolean {
  return sameHex(paymentSignature(keySecret, providerOrderId, providerPaymentId), signature);
}

/** A webhook's signature: HMAC of the raw body bytes with the webhook secret. */
export function isValidWebhookSignature(
  webhookSecret: string,
  rawBody: string | Buffer,
  signature: string,
) {
  return sameHex(hmacHex(webhookSecret, rawBody), signature);
}
