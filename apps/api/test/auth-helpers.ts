import type { FastifyInstance } from 'fastify';

let counter = 0;

/** A sign-up body for a new, unique shopper. */
export function newShopper(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Asha',
    lastName: 'Rao',
    email: `asha.${Date.now()}.${counter}@example.in`,
    password: 'rose-petal-7',
    phone: '9876543210',
    ...overrides,
  };
}

export interface JsonAnswer<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** `app.inject()` with a JSON body and an optional bearer token, answering the parsed JSON. */
export async function send<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string; remoteAddress?: string } = {},
): Promise<JsonAnswer<T>> {
  const response = await app.inject({
    method,
    url,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}

/** Signs a new shopper up; answers her sign-up body and the session. */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const shopper = newShopper(overrides);
  const answer = await send(app, 'POST', '/api/auth/signup', { body: shopper });
  if (answer.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(answer.body)}`);
  return {
    shopper,
    user: answer.body.data.user,
    accessToken: answer.body.data.accessToken as string,
    refreshToken: answer.body.data.refreshToken as string,
  };
}
