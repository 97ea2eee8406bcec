import { createHash, randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { MediaDetailsInput, MediaItem, MediaLibraryPage } from '@shop/contracts/media';
import { invalid, notFound, tooLarge, unprocessable, unsupportedType } from '@shop/domain/errors';
import {
  dimensionProblem,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  ORPHAN_GRACE_HOURS,
  sniffUploadFormat,
  uploadMessages,
  type UploadFormat,
} from '@shop/domain/media-uploads';
import { isUuid } from '@shop/domain/ids';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import {
  uploadUrl,
  type MediaLibraryRepository,
  type MediaRow,
} from './media-library.repository.ts';
import type { MediaService } from './media.service.ts';

/**
 * For the features whose saves use library photos (products, articles): the upload a photo refers
 * to, and the lock that keeps those uploads from the orphan cleanup until the save commits.
 */
export { lockMediaForUse, uploadIdOf, uploadUrl } from './media-library.repository.ts';

const COLLECTION = 'uploads';
/** Orphans removed per statement: the job goes on until none is left. */
const ORPHAN_BATCH = 200;

export interface Uploaded {
  id: string;
  url: string;
  width: number;
  height: number;
}

const answerOf = (row: MediaRow): Uploaded => ({
  id: row.id,
  url: uploadUrl(row.id),
  width: row.width,
  height: row.height,
});

const itemOf = (row: MediaRow, uploadedBy: string | null): MediaItem => ({
  ...answerOf(row),
  format: row.format,
  bytes: row.bytes,
  alt: row.alt,
  focalX: row.focalX,
  focalY: row.focalY,
  uploadedBy: uploadedBy ?? 'a former member of staff',
  createdAt: row.createdAt.toISOString(),
});

const cursorOf = (row: MediaRow) => `${row.createdAt.toISOString()}_${row.id}`;
function parseCursor(text: string | undefined) {
  if (text === undefined) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/.exec(text);
  const at = match ? new Date(match[1]!) : undefined;
  if (!match || !at || Number.isNaN(at.getTime())) {
    throw invalid('Invalid cursor: start from the first page');
  }
  return { at, id: match[2]! };
}

/**
 * The photo as it is kept: turned upright by its EXIF orientation, then written without any
 * metadata (EXIF with the camera's GPS position, XMP, IPTC; colours converted to sRGB), since
 * shoppers may download it. Lossless formats stay lossless; HEIC and AVIF become JPEG (PNG when
 * they have transparency) so that every rendition is made from a format every tool reads.
 */
async function cleanOriginal(bytes: Buffer, format: UploadFormat, hasAlpha: boolean) {
  // limitInputPixels: whatever the header said, the decoder never holds more than 6000 × 6000.
  const image = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' }).rotate();
  if (format === 'png' || ((format === 'avif' || format === 'heic') && hasAlpha)) {
    return image.png().toBuffer({ resolveWithObject: true });
  }
  if (format === 'webp') return image.webp({ quality: 90 }).toBuffer({ resolveWithObject: true });
  return image.jpeg({ quality: 90 }).toBuffer({ resolveWithObject: true });
}

/**
 * Photos uploaded in the back office: checked, cleaned, stored once per content, rendered into
 * the storefront's widths by the media pipeline, listed in the library, and removed once nothing
 * has referred to them for a day.
 */
export function createMediaLibraryService(options: {
  db: Database;
  repository: MediaLibraryRepository;
  media: MediaService;
  log: (error: unknown, message: string) => void;
}) {
  const { db, repository, media } = options;
  /**
   * Cleaning a photo decodes it whole (up to 36 megapixels) on libuv's shared threads: uploads
   * take turns, so a burst of them never holds more than one such decode at a time.
   */
  let turn: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(work, work);
    turn = run.catch(() => undefined);
    return run;
  };

  async function reuse(actor: AuditActor, existing: MediaRow): Promise<Uploaded | undefined> {
    const row = await db.transaction(async (tx) => {
      const touched = await repository.touch(tx, existing.id);
      if (touched) {
        await recordAudit(tx, actor, {
          action: 'media.upload',
          entity: 'media',
          entityId: touched.id,
          before: null,
          after: { ...answerOf(touched), hash: touched.hash, deduplicated: true },
        });
      }
      return touched;
    });
    return row && answerOf(row);
  }

  async function store(actor: AuditActor & { userId: string }, bytes: Buffer, hash: string) {
    const format = sniffUploadFormat(bytes);
    if (!format) throw unsupportedType(uploadMessages.unsupported);
    // The header only: nothing is decoded before the dimensions are known to be acceptable (no
    // pixel limit here, so a bomb's header is read and refused with its size named).
    let metadata: Metadata;
    try {
      metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw format === 'heic'
        ? unsupportedType(uploadMessages.heicUnreadable)
        : unprocessable(uploadMessages.unreadable);
    }
    const upright = metadata.autoOrient ?? metadata;
    const problem = dimensionProblem(upright.width ?? 0, upright.height ?? 0);
    if (problem) throw unprocessable(problem);

    let cleaned: Awaited<ReturnType<typeof cleanOriginal>>;
    try {
      cleaned = await oneAtATime(() => cleanOriginal(bytes, format, metadata.hasAlpha === true));
    } catch {
      // Prebuilt libvips reads AVIF but not HEVC-coded HEIC (patents): the photo is refused.
      throw format === 'heic'
        ? unsupportedType(uploadMessages.heicUnreadable)
        : unprocessable(uploadMessages.unreadable);
    }

    const id = randomUUID();
    const row = await db.transaction(async (tx) => {
      const inserted = await repository.insert(tx, {
        id,
        hash,
        width: cleaned.info.width,
        height: cleaned.info.height,
        format,
        bytes: cleaned.data.length,
        createdBy: actor.userId,
      });
      if (inserted) {
        await recordAudit(tx, actor, {
          action: 'media.upload',
          entity: 'media',
          entityId: inserted.id,
          before: null,
          after: { ...answerOf(inserted), hash, format, bytes: inserted.bytes },
        });
      }
      return inserted;
    });
    // The same bytes uploaded at the same moment by someone else: theirs is the one kept.
    if (!row) {
      const winner = await repository.findByHash(hash);
      const reused = winner && (await reuse(actor, winner));
      if (!reused) throw unprocessable(uploadMessages.unreadable);
      return reused;
    }
    // The row exists before its files do, so a file without a row is always a leftover.
    try {
      await media.storeOriginal(COLLECTION, row.id, cleaned.data);
    } catch (error) {
      await db.transaction(async (tx) => {
        await repository.remove(tx, row.id);
        await recordAudit(tx, actor, {
          action: 'media.remove',
          entity: 'media',
          entityId: row.id,
          before: answerOf(row) as unknown as Record<string, unknown>,
          after: { reason: 'could not be rendered' },
        });
      });
      await media.remove(COLLECTION, row.id).catch(() => undefined);
      options.log(error, 'Rendering an uploaded photo failed');
      throw unprocessable(uploadMessages.unreadable);
    }
    return answerOf(row);
  }

  return {
    /** Stores an uploaded photo, or answers the one already stored with the same bytes. */
    async upload(actor: AuditActor & { userId: string }, bytes: Buffer): Promise<Uploaded> {
      if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge(uploadMessages.tooLarge);
      if (bytes.length === 0) throw invalid(uploadMessages.missingFile);
      const hash = createHash('sha256').update(bytes).digest('hex');
      const existing = await repository.findByHash(hash);
      const reused = existing && (await reuse(actor, existing));
      return reused ?? store(actor, bytes, hash);
    },

    async page(query: { cursor?: string | undefined; limit: number }): Promise<MediaLibraryPage> {
      const { rows, more } = await repository.page({
        before: parseCursor(query.cursor),
        limit: query.limit,
      });
      const last = rows.at(-1);
      return {
        media: rows.map(({ row, uploadedBy }) => itemOf(row, uploadedBy)),
        next: more && last ? cursorOf(last.row) : null,
      };
    },

    /** The alt text and focal point a photo is offered with in the forms. */
    async updateDetails(actor: AuditActor, id: string, details: MediaDetailsInput) {
      if (!isUuid(id)) throw notFound(uploadMessages.notFound);
      const row = await db.transaction(async (tx) => {
        const before = await repository.find(tx, id);
        if (!before) throw notFound(uploadMessages.notFound);
        const after = await repository.updateDetails(tx, id, {
          alt: details.alt,
          focalX: details.focalX,
          focalY: details.focalY,
        });
        await recordAudit(tx, actor, {
          action: 'media.details',
          entity: 'media',
          entityId: id,
          before: { alt: before.alt, focalX: before.focalX, focalY: before.focalY },
          after: { alt: after!.alt, focalX: after!.focalX, focalY: after!.focalY },
        });
        return after!;
      });
      return itemOf(row, actor.email);
    },

    /**
     * Removes uploads nothing has referred to for the grace period: first their rows (one
     * statement decides, so a photo a save has just taken stays), then their files; then files
     * whose row is gone (a removal cut short). Answers how many uploads were removed.
     */
    async removeOrphans(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - ORPHAN_GRACE_HOURS * 3_600_000);
      let removed = 0;
      for (;;) {
        const ids = await db.transaction((tx) =>
          repository.deleteOrphans(tx, cutoff, ORPHAN_BATCH),
        );
        for (const id of ids) await media.remove(COLLECTION, id);
        removed += ids.length;
        if (ids.length < ORPHAN_BATCH) break;
      }
      // A row is written before its files, so files with no row are never an upload under way.
      const stored = await media.namesIn(COLLECTION);
      for (let start = 0; start < stored.length; start += 500) {
        const names = stored.slice(start, start + 500);
        const kept = await repository.existing(
          names.filter((name) => /^[0-9a-f-]{36}$/.test(name)),
        );
        for (const name of names) {
          if (!kept.has(name)) {
            await media.remove(COLLECTION, name);
            removed += 1;
          }
        }
      }
      return removed;
    },
  };
}

export type MediaLibraryService = ReturnType<typeof createMediaLibraryService>;
