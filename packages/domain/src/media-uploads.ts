// The back office's photo uploads: which files are taken, how large, and what the person
// uploading reads when one is refused. The kind of a file is told by its first bytes only: a
// name or a Content-Type header is whatever the browser (or anybody) says.

/** The formats a photo may arrive in. SVG is never one: it is a program, not a photo. */
export const uploadFormats = ['jpeg', 'png', 'webp', 'avif', 'heic'] as const;
export type UploadFormat = (typeof uploadFormats)[number];

export const MAX_UPLOAD_MB = 20;
/** Bytes of one photo at most: a phone's full-size JPEG is 3–12 MB. */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
/** Pixels on either side at most: well above any width the storefront shows (1920). */
export const MAX_UPLOAD_SIDE = 6000;
/** What a decoder may ever be asked to hold, whatever a file's header claims. */
export const MAX_UPLOAD_PIXELS = MAX_UPLOAD_SIDE * MAX_UPLOAD_SIDE;

/** An upload not referenced by any product, banner or article this long is removed. */
export const ORPHAN_GRACE_HOURS = 24;

export const uploadMessages = {
  missingFile: 'Choose a photo to upload (form field "file").',
  tooLarge: `This photo is larger than ${MAX_UPLOAD_MB} MB. Save it smaller (at most ${MAX_UPLOAD_MB} MB) and upload it again.`,
  unsupported: 'Only JPEG, PNG, WebP, AVIF or HEIC photos can be uploaded.',
  heicUnreadable: 'This HEIC photo cannot be read here; export it as JPEG and upload it again.',
  unreadable: 'This photo could not be read. Save it again as JPEG or PNG and upload it again.',
  tooManyPixels: (width: number, height: number) =>
    `This photo is ${width} × ${height} pixels; photos may be at most ${MAX_UPLOAD_SIDE} × ${MAX_UPLOAD_SIDE}. Resize it and upload it again.`,
  notFound: 'Photo not found',
} as const;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** ISO base media brands (the `ftyp` box) of AVIF and of HEIC/HEIF stills and sequences. */
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * The format of a photo by its magic numbers, or undefined for anything else (SVG, text, a PDF,
 * GIF, TIFF...). A HEIF container names AVIF among its compatible brands when it holds one.
 */
export function sniffUploadFormat(bytes: Uint8Array): UploadFormat | undefined {
  if (bytes.length < 12) return undefined;
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const end = Math.min(bytes.length, Math.max(16, Math.min(boxSize, 256)));
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= end; offset += 4)
      brands.push(ascii(bytes, offset, offset + 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  }
  return undefined;
}

/** Why a photo of these dimensions (from its header) is refused, or undefined when it is taken. */
export function dimensionProblem(width: number, height: number): string | undefined {
  if (width > MAX_UPLOAD_SIDE || height > MAX_UPLOAD_SIDE) {
    return uploadMessages.tooManyPixels(width, height);
  }
  if (width < 1 || height < 1) return uploadMessages.unreadable;
  return undefined;
}

/**
 * A point of a photo as fractions of its width and height (0 top/left, 1 bottom/right), from a
 * click at (x, y) in a box of the given size; kept inside the photo and to three decimals.
 */
export function focalPointOf(
  x: number,
  y: number,
  box: { width: number; height: number },
): { focalX: number; focalY: number } {
  const fraction = (value: number, size: number) =>
    size > 0 ? Math.round(Math.min(1, Math.max(0, value / size)) * 1000) / 1000 : 0.5;
  return { focalX: fraction(x, box.width), focalY: fraction(y, box.height) };
}

/** `items` with the one at `from` moved to `to` (both kept inside the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  if (from < 0 || from >= items.length) return moved;
  const target = Math.min(items.length - 1, Math.max(0, to));
  const [item] = moved.splice(from, 1);
  moved.splice(target, 0, item!);
  return moved;
}
