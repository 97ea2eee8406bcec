import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppConfig } from './config.ts';
import { failure } from './http/envelope.ts';
import { withoutDocumentOnlyHeaders } from './http/security.ts';

const webDir = fileURLToPath(new URL('../../web', import.meta.url));
/** WEB_BUILD_DIR (relative to apps/web) lets several builds live side by side. */
const webBuildDir = resolve(webDir, process.env.WEB_BUILD_DIR ?? 'build');

export class StorefrontNotBuiltError extends Error {}

/** Turns Fastify's request into the Fetch `Request` React Router expects. */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else headers.set(name, value);
  }
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = lazyBody(request);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * The request body as a web stream that touches the socket only when someone reads it (a route's
 * action). A page without an action answers 405 without reading; the body then stays untouched,
 * and Node discards it once the answer is sent, so the keep-alive connection serves the next
 * request. (Converting the body eagerly paused it half-read and wedged the connection.)
 */
function lazyBody(request: FastifyRequest): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= (
          Readable.toWeb(request.raw) as unknown as ReadableStream<Uint8Array>
        ).getReader();
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel(reason) {
        await reader?.cancel(reason);
      },
    },
    // Nothing is pulled ahead of a reader.
    { highWaterMark: 0 },
  );
}

/** Sends a Fetch `Response` through `reply`, so Fastify's hooks (compression, headers) still apply. */
async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as WebReadableStream));
}

/** fetch() for '/api/...' answered by `app.inject`: loaders read the API without a network hop. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url =
      typeof input === 'string'
        ? input
        : input instanceof URL
          ? input.pathname + input.search
          : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    delete headers['accept-encoding'];
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

/**
 * Mounts the React Router storefront (server rendering, then hydration) for every path the API
 * and media routes do not own, and serves its built assets with long-lived caching.
 */
export async function mountStorefront(config: AppConfig, buildDir = webBuildDir) {
  const serverEntry = join(buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new StorefrontNotBuiltError(
      `The storefront is not built (${serverEntry} is missing). Run "npm run build" or "npm start".`,
    );
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handleRequest = createRequestHandler(
    build,
    config.production ? 'production' : 'development',
  );

  return async (app: FastifyInstance) => {
    await app.register(async (assets) => {
      assets.addHook('onRequest', async (_request, reply) => {
        // A script, style sheet or image is not a document: the page's policies do nothing on it.
        withoutDocumentOnlyHeaders(reply);
        // The same URL answers brotli, gzip or plain bytes by Accept-Encoding. Lower case, as the
        // compression plugin writes it, so an answer it compresses does not name it twice.
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
      });
      await assets.register(fastifyStatic, {
        root: join(buildDir, 'client/assets'),
        prefix: '/assets/',
        cacheControl: false,
        wildcard: false,
        // The copies are not assets of their own: only the file's URL answers with them.
        globIgnore: ['**/*.br', '**/*.gz'],
        // The web build writes each asset's brotli (quality 11) and gzip (level 9) copy beside it
        // (apps/web/scripts/precompress-assets.mjs); they are sent as they are, and the compression
        // plugin leaves an answer that has a Content-Encoding alone. An asset without a copy (an
        // image, or a client that accepts neither) is sent as the compression plugin decides.
        preCompressed: true,
        setHeaders: (response) => {
          // File names carry a content hash: safe to keep for a year.
          response.setHeader('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    });
    const apiFetch = inProcessFetch(app);

    await app.register(async (pages) => {
      // React Router reads the raw body itself (form posts); Fastify must not parse it.
      pages.removeAllContentTypeParsers();
      pages.addContentTypeParser('*', (_request, _payload, done) => done(null));
      pages.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '*',
        // Pages are not API operations: the OpenAPI document describes /api only.
        schema: { hide: true },
        handler: async (request, reply) => {
          if (
            request.url.startsWith('/api/') ||
            request.url.startsWith('/media/') ||
            request.url.startsWith('/assets/')
          ) {
            return reply.status(404).send(failure(request, 'Route not found'));
          }
          let session: Promise<string | undefined> | undefined;
          const response = await handleRequest(toFetchRequest(request, reply), {
            nonce: reply.scriptNonce,
            // Looked up once, and only by a page that asks: catalogue pages pay nothing for it.
            pageSession: () => (session ??= app.pageSession(request.headers.cookie)),
            apiFetch,
            publicUrl: config.publicUrl,
            testPayments: config.production && config.payments.provider === 'simulator',
          });
          return sendFetchResponse(reply, response);
        },
      });
    });
  };
}
