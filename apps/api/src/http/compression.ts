import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * Answers up to this size are compressed in one call, at the fastest level; larger ones (pages,
 * catalogue lists) stream through zlib at the plugin's own level.
 */
export const FAST_COMPRESSION_MAX_BYTES = 16 * 1024;

const FASTEST_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const FASTEST_ZLIB = { level: 1 };

/**
 * Answers smaller than this are sent as they are. A paid order's answers (the cart after an add,
 * 3 KB; the placed order, 1.6 KB; the verified payment, 1.9 KB) together save about 4 KB
 * compressed, less than one product photo, and compressing them cost the shop 0.3-0.6 ms of CPU
 * per paid order in the money loop (10 % of it), most of it the plugin's work per answer.
 */
export const COMPRESSION_MIN_BYTES = 4 * 1024;

/**
 * How the API compresses its answers. An answer of 4-16 KB (a cart of several lines, a product)
 * compresses at brotli's fastest level to within 10 % of its default level's size, at a third of
 * the CPU: measured on a 3 KB cart answer, 57 µs and 804 bytes at brotli 4, 17 µs and 882 bytes
 * at brotli 1. On a 90-135 KB page or list the slower level saves 2-3 KB, which a phone on a slow
 * network feels, so those keep it.
 */
export const compressionOptions: FastifyCompressOptions = {
  threshold: COMPRESSION_MIN_BYTES,
  encodings: ['br', 'gzip', 'deflate'],
  syncThreshold: FAST_COMPRESSION_MAX_BYTES,
  // The plugin compresses answers up to `syncThreshold` with these one-call functions and
  // larger ones with zlib's streams (the rest of the module, unchanged).
  zlib: {
    ...zlib,
    brotliCompressSync: (buffer: zlib.InputType) => zlib.brotliCompressSync(buffer, FASTEST_BROTLI),
    gzipSync: (buffer: zlib.InputType) => zlib.gzipSync(buffer, FASTEST_ZLIB),
    deflateSync: (buffer: zlib.InputType) => zlib.deflateSync(buffer, FASTEST_ZLIB),
  },
};
