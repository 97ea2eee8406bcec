import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** Per-response nonce that every inline script must carry (the CSP names it). */
    scriptNonce: string;
  }
}

/** The payment provider's checkout is the one script host outside our own origin. */
const paymentScriptHost = 'https://checkout.razorpay.com';
const paymentApiHosts = 'https://api.razorpay.com https://lumberjack.razorpay.com';

/**
 * The security headers helmet would send, computed once and set with a single call per response
 * (docs/decisions/0002-security-headers-without-helmet.md: helmet and @fastify/cors together cost
 * over a third of the catalogue's throughput). Only the CSP changes per response: its nonce.
 */
export function securityHeaders(config: AppConfig) {
  const https = config.publicUrl.startsWith('https://');
  // helmet's legacy extras (x-download-options, x-xss-protection, ...) protect browsers nobody
  // shops with any more; each header is paid for on every response.
  const staticHeaders: Record<string, string> = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const cspBefore = "default-src 'self';script-src 'self' 'nonce-";
  const cspAfter =
    `' ${paymentScriptHost};script-src-attr 'none';` +
    // React renders style attributes on the server; styles cannot run code.
    "style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
    `connect-src 'self' ${paymentApiHosts};frame-src 'self' ${paymentApiHosts} ${paymentScriptHost};` +
    "object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'" +
    (https ? ';upgrade-insecure-requests' : '');
  return {
    staticHeaders,
    contentSecurityPolicy: (nonce: string) => cspBefore + nonce + cspAfter,
  };
}

/**
 * 16 fresh random bytes per call, drawn from a pooled buffer: one call into the system's CSPRNG
 * per 256 nonces instead of one per response. Every byte is used once.
 */
function createNonceSource() {
  const poolSize = 16 * 256;
  let pool = randomBytes(poolSize);
  let offset = 0;
  return () => {
    if (offset === poolSize) {
      pool = randomBytes(poolSize);
      offset = 0;
    }
    const nonce = pool.toString('base64', offset, offset + 16);
    offset += 16;
    return nonce;
  };
}

/**
 * Headers that only a document (a page, or an answer a browser might show as one) acts on: the
 * CSP, framing and the opener policy. On a script, style sheet or image the browser ignores them,
 * yet they cost about 0.7 KB a response, sent with every asset of a first visit.
 * X-Content-Type-Options, Cross-Origin-Resource-Policy, Referrer-Policy (a style sheet's own
 * requests follow it) and HSTS do apply to assets and stay.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
] as const;

/** For answers that are static assets only: drops the document-only headers set on every reply. */
export function withoutDocumentOnlyHeaders(reply: FastifyReply): void {
  for (const name of documentOnlyHeaders) reply.removeHeader(name);
}

export function registerSecurity(app: FastifyInstance, config: AppConfig): void {
  const { staticHeaders, contentSecurityPolicy } = securityHeaders(config);
  const allowedOrigins = new Set(config.corsOrigins);

  const nextNonce = createNonceSource();
  app.decorateReply('scriptNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    const nonce = nextNonce();
    reply.scriptNonce = nonce;
    reply.headers(staticHeaders);
    reply.header('content-security-policy', contentSecurityPolicy(nonce));

    // Same origin needs no CORS headers; other origins only from CORS_ORIGINS.
    const origin = request.headers.origin;
    if (origin === undefined || !allowedOrigins.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .header('access-control-allow-methods', 'GET,HEAD,POST,PUT,PATCH,DELETE')
        .header('access-control-allow-headers', 'authorization,content-type')
        .header('access-control-max-age', '600')
        .status(204)
        .send();
    }
  });
}
