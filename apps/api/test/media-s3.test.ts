// Images in an S3-compatible bucket, served by a real S3 server (s3rver) running in this process.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { startupProblem } from '../src/startup-problems.ts';
import { writeSeedImages } from '../src/db/seed/seed.ts';
import { openMediaStore, type MediaStore } from '../src/features/media/media-store.ts';
import { createMediaService } from '../src/features/media/media.service.ts';
import { plannedVariants } from '../src/features/media/media-variants.ts';
import { backOfficeSession, freshPhoto, uploadPhoto } from './media-helpers.ts';
import { createTestWorld, type TestWorld } from './test-app.ts';

const BUCKET = 'shop-media';
let s3: S3rver;
let s3Dir: string;
let world: TestWorld;
let bucket: MediaStore;
let baseUrl: string;

beforeAll(async () => {
  s3Dir = await mkdtemp(join(tmpdir(), 'shop-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
    // s3rver's signature of a bucket listing differs from the AWS SDK v3's (it refuses every
    // ListObjectsV2 with SignatureDoesNotMatch), so it checks no signature; all else is s3rver's.
    allowMismatchedSignatures: true,
  });
  const { port } = await s3.run();
  world = await createTestWorld({
    MEDIA_S3_BUCKET: BUCKET,
    MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    MEDIA_S3_REGION: 'us-east-1',
    MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
    MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
    MEDIA_S3_FORCE_PATH_STYLE: '1',
  });
  // Another machine's view of the same bucket.
  bucket = await openMediaStore(world.config);
  baseUrl = await world.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await bucket?.close();
  await world?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const photo = () =>
  sharp({
    create: { width: 1400, height: 1000, channels: 3, background: { r: 90, g: 40, b: 120 } },
  })
    .jpeg()
    .toBuffer();

describe('media in an S3-compatible bucket', () => {
  it('is chosen by MEDIA_S3_BUCKET', () => {
    expect(bucket.kind).toBe('s3');
    expect(world.config.mediaS3).toMatchObject({ bucket: BUCKET, forcePathStyle: true });
  });

  it('serves from the bucket what another machine stored and rendered there, rendering nothing itself', async () => {
    const otherMachine = createMediaService({ store: bucket, renderConcurrency: 1 });
    await otherMachine.storeOriginal('products', 'bucket-photo', await photo());
    expect((await bucket.list('variants/products/bucket-photo/')).sort()).toEqual(
      plannedVariants('products')
        .map((variant) => `variants/products/bucket-photo/${variant}`)
        .sort(),
    );

    const response = await fetch(`${baseUrl}/media/products/bucket-photo?w=1900`, {
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/avif');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const served = Buffer.from(await response.arrayBuffer());
    const stored = await bucket.read('variants/products/bucket-photo/1200.avif');
    expect(Buffer.compare(served, stored!)).toBe(0);
    expect(world.app.media.stats()).toEqual({ variantsRendered: 0, waiting: 0, running: 0 });

    const jpeg = await fetch(`${baseUrl}/media/products/bucket-photo?w=150`, {
      headers: { accept: '*/*' },
    });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).width).toBe(150);
    expect((await fetch(`${baseUrl}/media/products/not-in-the-bucket`)).status).toBe(404);
  });

  // Writes and reads 500+ objects through the S3 client: slow on a busy 2-core machine.
  it('takes the demo pictures once, and a machine starting later queues the ones not rendered', async () => {
    expect(await writeSeedImages(bucket)).toBeGreaterThan(500);
    expect(await writeSeedImages(bucket)).toBe(0);
    const starting = createMediaService({ store: bucket, renderConcurrency: 1 });
    const queued = await starting.renderMissing();
    // Every demo picture; the photo above is rendered already.
    expect(queued).toBe((await bucket.list('originals/')).length - 1);
    await starting.close();
  }, 120_000);
});

describe('uploaded photos in the bucket', () => {
  it('are stored there, and removed from it once orphaned past the grace period', async () => {
    const { accessToken } = await backOfficeSession(world, 'staff');
    const kept = await uploadPhoto(world.app, accessToken, await freshPhoto('jpeg'));
    const orphan = await uploadPhoto(world.app, accessToken, await freshPhoto('png'));
    expect([kept.status, orphan.status]).toEqual([201, 201]);
    const { id } = orphan.body.data;
    expect(await bucket.has(`originals/uploads/${id}.png`)).toBe(true);
    expect((await bucket.list(`variants/uploads/${id}/`)).sort()).toEqual(
      plannedVariants('uploads')
        .map((name) => `variants/uploads/${id}/${name}`)
        .sort(),
    );
    await world.database.db.execute(
      sql`update media set last_uploaded_at = now() - interval '25 hours' where id = ${id}::uuid`,
    );
    expect(await world.app.jobs.removeOrphanedMedia()).toBe(1);
    expect(await bucket.has(`originals/uploads/${id}.png`)).toBe(false);
    expect(await bucket.list(`variants/uploads/${id}/`)).toEqual([]);
    expect(await bucket.has(`originals/uploads/${kept.body.data.id}.jpg`)).toBe(true);
  });
});

describe('MEDIA_S3_* settings', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: s3Dir, JWT_SECRET: 'x'.repeat(40), ...env });
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('refuses settings without a bucket, half a key pair and bad values, all at once', () => {
    expect(
      problems({
        MEDIA_S3_ENDPOINT: 'ftp://minio.local',
        MEDIA_S3_ACCESS_KEY_ID: 'key',
        MEDIA_S3_FORCE_PATH_STYLE: 'yes',
      }),
    ).toEqual([
      'MEDIA_S3_ENDPOINT must be an http:// or https:// URL',
      'MEDIA_S3_FORCE_PATH_STYLE must be 1 or 0',
      'MEDIA_S3_ENDPOINT, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_FORCE_PATH_STYLE are set but MEDIA_S3_BUCKET is not: set the bucket to keep images in S3, or unset them to keep images in DATA_DIR/media.',
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS credential chain.',
    ]);
    expect(problems({ MEDIA_S3_BUCKET: 'Shop_Media' })).toEqual([
      'MEDIA_S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    ]);
  });

  it('keeps images in DATA_DIR/media by default, and defaults the region', () => {
    expect(loadConfig({ DATA_DIR: s3Dir }).mediaS3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: s3Dir, MEDIA_S3_BUCKET: 'shop-media' }).mediaS3).toEqual({
      bucket: 'shop-media',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });

  it('says a start failed on the bucket, not on the database, when the endpoint cannot be reached', async () => {
    const nowhere = await openMediaStore(
      loadConfig({
        DATA_DIR: s3Dir,
        MEDIA_S3_BUCKET: 'shop-media',
        // A port nothing listens on: the connection is refused, as a database's would be.
        MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9',
        MEDIA_S3_ACCESS_KEY_ID: 'key',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_S3_FORCE_PATH_STYLE: '1',
      }),
    );
    try {
      const failure = await nowhere.write('originals/x.jpg', Buffer.from('x'), 'image/jpeg').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(startupProblem(failure)).toMatch(
        /^Cannot reach the media store of MEDIA_S3_\* \(http:\/\/127\.0\.0\.1:9\): /,
      );
    } finally {
      await nowhere.close();
    }
  });
});
