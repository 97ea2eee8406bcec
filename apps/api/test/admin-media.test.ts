// Photo uploads of the back office: the kind told by the bytes, the size and pixel limits, the
// metadata stripped, one copy per content, the library, and the cleaning of orphaned photos.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoMessages } from '@shop/contracts/media';
import { MAX_UPLOAD_BYTES, uploadMessages } from '@shop/domain/media-uploads';
import { queryRows } from '../src/db/client.ts';
import { blogs, media, productColorImages } from '../src/db/schema.ts';
import { plannedVariants } from '../src/features/media/media-variants.ts';
import { send } from './auth-helpers.ts';
import { backOfficeSession, freshPhoto, multipartBody, uploadPhoto } from './media-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

let world: TestWorld;
let token: string;
let staffId: string;

beforeAll(async () => {
  world = await createTestWorld();
  const staff = await backOfficeSession(world, 'staff');
  token = staff.accessToken;
  staffId = staff.user._id;
});
afterAll(async () => {
  await world?.close();
});

const upload = (bytes: Buffer, options: Parameters<typeof uploadPhoto>[3] = {}) =>
  uploadPhoto(world.app, token, bytes, options);
const rowOf = async (id: string) =>
  (await world.database.db.select().from(media).where(eq(media.id, id)))[0];
const mediaPath = (...parts: string[]) => join(world.config.mediaDir, ...parts);
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
const auditActions = async (id: string) =>
  (
    await queryRows<{ action: string }>(
      world.database.db,
      sql`select action from audit_entries where entity = 'media' and entity_id = ${id} order by at`,
    )
  ).map((row) => row.action);

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes of PNG whose header declares `width` × `height` pixels. */
function pixelBomb(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, grey: the smallest decoded row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/admin/media', () => {
  it('stores a PNG named .jpg as PNG, renders every width the storefront asks for, and serves it', async () => {
    const png = await freshPhoto('png', 900, 600);
    const answer = await upload(png, { filename: 'holiday.jpg', contentType: 'image/jpeg' });
    expect(answer.status).toBe(201);
    const { id, url, width, height } = answer.body.data;
    expect(url).toBe(`/media/uploads/${id}`);
    expect({ width, height }).toEqual({ width: 900, height: 600 });
    expect((await rowOf(id))!).toMatchObject({ format: 'png', width: 900, height: 600 });
    expect(await exists(mediaPath('originals', 'uploads', `${id}.png`))).toBe(true);
    expect(await exists(mediaPath('originals', 'uploads', `${id}.jpg`))).toBe(false);
    for (const variant of plannedVariants('uploads')) {
      expect(await exists(mediaPath('variants', 'uploads', id, variant)), variant).toBe(true);
    }
    const served = await world.app.inject({
      url: `${url}?w=400`,
      headers: { accept: 'image/avif' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(400);
    expect(await auditActions(id)).toEqual(['media.upload']);
  });

  it('takes WebP and AVIF, the latter kept as JPEG', async () => {
    const webp = await upload(await freshPhoto('webp'), { filename: 'a.png' });
    expect(webp.status).toBe(201);
    expect((await rowOf(webp.body.data.id))!.format).toBe('webp');
    const avif = await upload(await freshPhoto('avif', 320, 200), { filename: 'b.heic' });
    expect(avif.status).toBe(201);
    expect((await rowOf(avif.body.data.id))!.format).toBe('avif');
    expect(await exists(mediaPath('originals', 'uploads', `${avif.body.data.id}.jpg`))).toBe(true);
  });

  it('refuses text named .jpg, SVG and GIF with 415, whatever the name and header say', async () => {
    const text = await upload(Buffer.from('not a photo at all, only words '.repeat(20)), {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ success: false, message: uploadMessages.unsupported });
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'),
      { filename: 'logo.png', contentType: 'image/png' },
    );
    expect(svg.status).toBe(415);
    expect(svg.body.message).toBe(uploadMessages.unsupported);
    const gif = await sharp({
      create: { width: 10, height: 10, channels: 3, background: 'red' },
    })
      .gif()
      .toBuffer();
    expect((await upload(gif, { filename: 'x.jpg' })).status).toBe(415);
    expect(await world.database.db.$count(media, sql`true`)).toBeGreaterThan(0);
  });

  it('refuses a HEIC photo it cannot read with a way out', async () => {
    // An ISO media header naming HEIC, then nothing libvips' prebuilt HEIF reader can decode.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(4096, 7),
    ]);
    const answer = await upload(heic, { filename: 'IMG_0001.HEIC', contentType: 'image/heic' });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe(uploadMessages.heicUnreadable);
  });

  it('refuses a file over 20 MB with 413 and stores nothing', async () => {
    const count = await world.database.db.$count(media);
    const big = Buffer.alloc(21 * 1024 * 1024, 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const answer = await upload(big);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ success: false, message: uploadMessages.tooLarge });
    expect(await world.database.db.$count(media)).toBe(count);
  });

  it('cuts off a 200 MB upload sent without a length once 20 MB have arrived', async () => {
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    const { payload, contentType } = multipartBody(Buffer.alloc(0));
    const head = payload.subarray(0, payload.indexOf('\r\n\r\n') + 4);
    let sent = 0;
    // Either the 413 arrives, or the server's closing of the connection cuts the writing short
    // (EPIPE, ECONNRESET) before the client has read it: both end the upload.
    const outcome = await new Promise<{ status?: number; body?: string; code?: string }>(
      (resolve) => {
        const request = httpRequest(
          `${address}/api/admin/media`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode!, body }));
            response.on('error', () => resolve({ status: response.statusCode!, body }));
          },
        );
        request.on('error', (error: NodeJS.ErrnoException) => resolve({ code: error.code! }));
        const chunk = Buffer.alloc(1024 * 1024, 1);
        const pump = () => {
          while (sent < 200 * 1024 * 1024 && !request.destroyed) {
            sent += chunk.length;
            if (!request.write(chunk)) return void request.once('drain', pump);
          }
          request.end();
        };
        request.write(head);
        pump();
      },
    );
    if (outcome.status !== undefined) {
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body!).message).toBe(uploadMessages.tooLarge);
    } else {
      expect(['EPIPE', 'ECONNRESET']).toContain(outcome.code);
    }
    // Cut off long before the 200 MB were sent (socket buffers hold a few MB).
    expect(sent).toBeLessThan(60 * 1024 * 1024);
    expect(await world.database.db.$count(media, sql`bytes > ${MAX_UPLOAD_BYTES}`)).toBe(0);
  });

  it('refuses a body declared larger than 20 MB from its headers', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload: Buffer.alloc(10),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(MAX_UPLOAD_BYTES * 10),
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(uploadMessages.tooLarge);
  });

  it('refuses a photo 6001 px wide with the size it has', async () => {
    const wide = await sharp({
      create: { width: 6001, height: 8, channels: 3, background: 'white' },
    })
      .png()
      .toBuffer();
    const answer = await upload(wide);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(uploadMessages.tooManyPixels(6001, 8));
  });

  it('refuses a pixel bomb (a small PNG declaring 50000 × 50000) from its header, at once', async () => {
    const bomb = pixelBomb(50_000, 50_000);
    expect(bomb.length).toBeLessThan(2048);
    const started = performance.now();
    const answer = await upload(bomb, { filename: 'bomb.png' });
    // Decoding 2.5 gigapixels would take minutes and gigabytes; the header alone takes a moment.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(uploadMessages.tooManyPixels(50_000, 50_000));
  });

  it('strips EXIF (camera, GPS position) from the stored original and turns it upright', async () => {
    const photo = await sharp({
      create: { width: 400, height: 200, channels: 3, background: { r: 200, g: 10, b: 90 } },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('PhoneCo');
    const answer = await upload(photo);
    expect(answer.status).toBe(201);
    // Orientation 6 is a quarter turn: stored upright, 200 wide.
    expect(answer.body.data).toMatchObject({ width: 200, height: 400 });
    const stored = await readFile(mediaPath('originals', 'uploads', `${answer.body.data.id}.jpg`));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('stores the same bytes once: a second upload answers the first photo', async () => {
    const photo = await freshPhoto('jpeg');
    const first = await upload(photo, { filename: 'a.jpg' });
    const second = await upload(photo, { filename: 'copy of a.jpg' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data).toEqual(first.body.data);
    const rows = await world.database.db
      .select()
      .from(media)
      .where(eq(media.hash, (await rowOf(first.body.data.id))!.hash));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdBy).toBe(staffId);
    expect(await auditActions(first.body.data.id)).toEqual(['media.upload', 'media.upload']);
  });

  it('asks for the field "file"', async () => {
    const answer = await upload(await freshPhoto(), { field: 'photo' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(uploadMessages.missingFile);
    const json = await send(world.app, 'POST', '/api/admin/media', { token, body: { file: 'x' } });
    expect(json.status).toBe(415);
  });
});

describe('the library', () => {
  it('lists uploads newest first a page at a time, and keeps alt text and a focal point', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await upload(await freshPhoto('jpeg', 300, 300))).body.data.id);
    }
    const first = await send(world.app, 'GET', '/api/admin/media?limit=2', { token });
    expect(first.status).toBe(200);
    expect(first.body.data.media.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    const next = first.body.data.next as string;
    const second = await send(world.app, 'GET', `/api/admin/media?limit=2&cursor=${next}`, {
      token,
    });
    expect(second.body.data.media[0].id).toBe(ids[0]);
    const bad = await send(world.app, 'GET', '/api/admin/media?cursor=nonsense', { token });
    expect(bad.status).toBe(400);

    const details = { alt: 'Lace balconette bra in rose, front', focalX: 0.4, focalY: 0.25 };
    const patched = await send(world.app, 'PATCH', `/api/admin/media/${ids[0]}`, {
      token,
      body: details,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject(details);
    expect(await auditActions(ids[0]!)).toEqual(['media.upload', 'media.details']);
    const blank = await send(world.app, 'PATCH', `/api/admin/media/${ids[0]}`, {
      token,
      body: { ...details, alt: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(photoMessages.altRequired);
    const outside = await send(world.app, 'PATCH', `/api/admin/media/${ids[0]}`, {
      token,
      body: { ...details, focalX: 1.5 },
    });
    expect(outside.status).toBe(400);
    const missing = await send(world.app, 'PATCH', `/api/admin/media/${randomUUID()}`, {
      token,
      body: details,
    });
    expect(missing.status).toBe(404);
  });
});

describe('orphaned photos', () => {
  it('removes, after a day, uploads no product colour, banner or article refers to', async () => {
    const [orphan, onProduct, inArticle, onBanner, recent, onMobileBanner, onCategory] =
      await Promise.all(
        [0, 1, 2, 3, 4, 5, 6].map(
          async () => (await upload(await freshPhoto('png', 200, 200))).body.data,
        ),
      );
    const db = world.database.db;
    const [image] = await db.select().from(productColorImages).limit(1);
    await db
      .update(productColorImages)
      .set({ url: onProduct!.url })
      .where(eq(productColorImages.id, image!.id));
    const [blog] = await db.select().from(blogs).limit(1);
    await db
      .update(blogs)
      .set({ markup: `${blog!.markup}<p><img src="${inArticle!.url}?w=800" alt="x"></p>` })
      .where(eq(blogs.id, blog!.id));
    await db.execute(
      sql`update banners set image = ${onBanner!.url} where id = (select id from banners limit 1)`,
    );
    // A banner's mobile picture and a category's picture count as well.
    await db.execute(
      sql`update banners set mobile_image = ${onMobileBanner!.url}
          where id = (select id from banners where mobile_image is not null limit 1)`,
    );
    await db.execute(
      sql`update categories set image = ${onCategory!.url} where id = (select id from categories limit 1)`,
    );
    const aged = [orphan, onProduct, inArticle, onBanner, onMobileBanner, onCategory].map(
      (photo) => photo!.id,
    );
    await db.execute(
      sql`update media set last_uploaded_at = now() - interval '25 hours' where id in (${sql.join(
        aged.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    // Files with no row (a removal cut short): removed too.
    const stray = randomUUID();
    await mkdir(mediaPath('originals', 'uploads'), { recursive: true });
    await writeFile(mediaPath('originals', 'uploads', `${stray}.png`), await freshPhoto('png'));

    const removed = await world.app.jobs.removeOrphanedMedia();
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await rowOf(orphan!.id)).toBeUndefined();
    expect(await exists(mediaPath('originals', 'uploads', `${orphan!.id}.png`))).toBe(false);
    expect(await exists(mediaPath('variants', 'uploads', orphan!.id, '400.avif'))).toBe(false);
    expect((await world.app.inject({ url: `${orphan!.url}?w=400` })).statusCode).toBe(404);
    expect(await exists(mediaPath('originals', 'uploads', `${stray}.png`))).toBe(false);
    for (const kept of [onProduct, inArticle, onBanner, recent, onMobileBanner, onCategory]) {
      expect(await rowOf(kept!.id), kept!.url).toBeDefined();
      expect(await exists(mediaPath('originals', 'uploads', `${kept!.id}.png`))).toBe(true);
    }
    expect(await auditActions(orphan!.id)).toEqual(['media.upload']);
    // A second run finds nothing more to do.
    expect(await world.app.jobs.removeOrphanedMedia()).toBe(0);
  });
});
