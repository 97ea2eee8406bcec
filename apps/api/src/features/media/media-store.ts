import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { OutboundPolicy } from '../../adapters/outbound.ts';
import type { AppConfig } from '../../config.ts';

/** An object's bytes as a stream, with its length when the store knows it. */
export interface MediaObject {
  body: Readable;
  size?: number;
}

/**
 * Where originals and rendered variants are kept, by key (`originals/products/x.svg`,
 * `variants/products/x/400.avif`): a local folder, or an S3-compatible bucket that several
 * machines share. Keys are made by the media service from checked names only.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** The whole object, or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /** The object as a stream, or undefined when there is none. */
  open(key: string): Promise<MediaObject | undefined>;
  /** Writes the object whole: a reader sees the old object or the new one, never a part. */
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Every key under `prefix` (which ends in '/'), at any depth. */
  list(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

const missing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Temporary files of writes in progress end in this; listings leave them out. */
const PARTIAL = '.partial';

/** A folder on this machine (DATA_DIR/media by default). */
export function createLocalMediaStore(root: string): MediaStore {
  const pathOf = (key: string) => join(root, ...key.split('/'));

  async function walk(directory: string, prefix: string, into: string[]) {
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        await walk(join(directory, entry.name), `${prefix}${entry.name}/`, into);
      } else if (entry.isFile() && !entry.name.endsWith(PARTIAL)) {
        into.push(`${prefix}${entry.name}`);
      }
    }
  }

  return {
    kind: 'local',
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async open(key) {
      let handle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
      const { size } = await handle.stat();
      return { body: createReadStream('', { fd: handle }), size };
    },
    async write(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}${PARTIAL}`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async has(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      const keys: string[] = [];
      await walk(pathOf(prefix.replace(/\/$/, '')), prefix, keys);
      return keys;
    },
    async close() {},
  };
}

/** The store the configuration names: the local media folder unless a bucket is configured. */
export async function openMediaStore(
  config: Pick<AppConfig, 'mediaDir' | 'mediaS3'>,
  /** The bucket's outbound policy (the app's, with its metrics); a default one otherwise. */
  policy?: OutboundPolicy,
): Promise<MediaStore> {
  if (!config.mediaS3) return createLocalMediaStore(config.mediaDir);
  // The AWS SDK is loaded only by a shop that keeps its images in a bucket.
  const { createS3MediaStore } = await import('./s3-media-store.ts');
  return createS3MediaStore(config.mediaS3, policy);
}
