import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** Per-response nonce that every inline script must carry. */
    scriptNonce: string;
  }
}

const nonceKey = Symbol('cspNonce');
type WithNonce = ServerResponse & { [nonceKey]?: string };

/** The payment provider's checkout is the one script host outside our own origin. */
const paymentScriptHost = 'https://checkout.razorpay.com';
const paymentApiHosts = ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'];

export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  app.decorateReply('scriptNonce', '');
  // Runs before helmet's hook (registered after it), so the header can carry this nonce.
  app.addHook('onRequest', async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    reply.scriptNonce = nonce;
    (reply.raw as WithNonce)[nonceKey] = nonce;
  });

  const nonceSource = (_req: IncomingMessage, res: ServerResponse) =>
    `'nonce-${(res as WithNonce)[nonceKey] ?? ''}'`;

  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceSource, paymentScriptHost],
        scriptSrcAttr: ["'none'"],
        // React renders style attributes on the server; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...paymentApiHosts],
        frameSrc: ["'self'", ...paymentApiHosts, paymentScriptHost],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://')
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    // Same origin needs no CORS headers; other origins only from CORS_ORIGINS.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
  });
}
