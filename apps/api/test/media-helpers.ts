// Photo uploads in API tests: a back-office session, a multipart body, and photos made by sharp
// (no binary fixtures in the repository).
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createAuthRepository } from '../src/features/auth/auth.repository.ts';
import { signUp } from './auth-helpers.ts';
import type { TestWorld } from './test-app.ts';

/** A new account made `role` directly in the database (as the operator's command does). */
export async function backOfficeSession(world: TestWorld, role: 'staff' | 'owner' = 'staff') {
  const session = await signUp(world.app);
  await createAuthRepository(world.database.db).setRoleByEmail(
    world.database.db,
    session.shopper.email,
    role,
  );
  return session;
}

/** A multipart/form-data body holding one file part. */
export function multipartBody(
  bytes: Buffer,
  options: { filename?: string; contentType?: string; field?: string } = {},
) {
  const boundary = `----shop-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'photo.jpg'}"\r\n` +
      `Content-Type: ${options.contentType ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** `POST /api/admin/media` with one file; answers status and parsed body. */
export async function uploadPhoto(
  app: FastifyInstance,
  token: string,
  bytes: Buffer,
  options: { filename?: string; contentType?: string; field?: string } = {},
) {
  const body = multipartBody(bytes, options);
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
  });
  return {
    status: response.statusCode,
    body: response.json() as {
      success: boolean;
      message: string;
      data: { id: string; url: string; width: number; height: number };
    },
    headers: response.headers,
  };
}

let shade = 0;
/** A photo no other test uploaded (its colour differs), `width` × `height`, in `format`. */
export function freshPhoto(
  format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg',
  width = 640,
  height = 480,
) {
  shade += 1;
  const background = { r: (shade * 37) % 256, g: (shade * 91) % 256, b: (shade * 53) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}
