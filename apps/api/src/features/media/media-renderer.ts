import sharp, { type OutputInfo } from 'sharp';
import type { MediaFormat } from './media-variants.ts';

export const originalExtensions = ['svg', 'png', 'jpg', 'webp'] as const;
export type OriginalExtension = (typeof originalExtensions)[number];

export const originalContentTypes: Record<OriginalExtension, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** Larger originals are refused before decoding (about 8,000 × 6,000). */
export const MAX_ORIGINAL_PIXELS = 50_000_000;

/**
 * libvips works on one thread per image: renders run one (or two) at a time on a queue of their
 * own, so the machine's other core stays with the event loop, sign-ins and file reads.
 */
export function configureSharp() {
  sharp.concurrency(1);
  // Every variant is rendered once and stored: libvips' operation cache would only hold memory.
  sharp.cache(false);
}

export interface RenderedVariant {
  width: number;
  format: MediaFormat;
  bytes: Buffer;
}

interface RawImage {
  data: Buffer;
  info: OutputInfo;
}

/**
 * Decodes the original once at the largest width wanted: an SVG is drawn at that width (its
 * density chosen for it), a photo is shrunk to it (never enlarged) after its EXIF rotation.
 */
async function decode(original: Buffer, extension: OriginalExtension, width: number) {
  if (extension === 'svg') {
    const { width: drawnWidth = width } = await sharp(original).metadata();
    const density = Math.min(2400, Math.max(1, (72 * width) / drawnWidth));
    return sharp(original, { density })
      .resize({ width })
      .raw()
      .toBuffer({ resolveWithObject: true });
  }
  return sharp(original, { limitInputPixels: MAX_ORIGINAL_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

const rawInput = (image: RawImage) =>
  sharp(image.data, {
    raw: { width: image.info.width, height: image.info.height, channels: image.info.channels },
  });

function encode(image: RawImage, format: MediaFormat): Promise<Buffer> {
  const input = rawInput(image);
  return format === 'avif'
    ? // Effort 0: a quarter of effort 2's time for files about a sixth larger.
      input.avif({ quality: 55, effort: 0 }).toBuffer()
    : input.flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
}

/**
 * Renders the wanted variants of one original, one libvips operation at a time, largest first:
 * decoded once, each width resized from that, each format encoded from the width.
 */
export async function* renderVariants(
  original: Buffer,
  extension: OriginalExtension,
  wanted: readonly { width: number; format: MediaFormat }[],
): AsyncGenerator<RenderedVariant> {
  const widths = [...new Set(wanted.map((variant) => variant.width))].sort((a, b) => b - a);
  if (widths.length === 0) return;
  const base: RawImage = await decode(original, extension, widths[0]!);
  for (const width of widths) {
    const sized: RawImage =
      width >= base.info.width
        ? base
        : await rawInput(base).resize({ width }).raw().toBuffer({ resolveWithObject: true });
    for (const { format } of wanted.filter((variant) => variant.width === width)) {
      yield { width, format, bytes: await encode(sized, format) };
    }
  }
}

/** The kind of image in `bytes`, by its first bytes; undefined for anything else. */
export function sniffOriginal(bytes: Buffer): OriginalExtension | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}
