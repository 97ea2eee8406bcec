#!/usr/bin/env node
// Writes `name.br` (brotli quality 11) and `name.gz` (gzip level 9) beside every compressible
// file of the client build's assets folder, so the server sends those bytes as they are
// (@fastify/static `preCompressed`) instead of compressing each response at brotli quality 4:
// the hashed scripts are fetched on every first visit and never change, so the slow, thorough
// compression is paid once per build (docs/decisions/0036-precompressed-assets.md).
// Run by `npm run build -w @shop/web`, and by scripts/start.mjs for a build made before this
// step existed. A copy is rewritten only when missing or older than its file.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats only: images and fonts are compressed already, a second pass gains nothing. */
const compressible = /\.(?:js|mjs|css|json|svg|txt|map)$/;

const encoders = {
  '.br': (source) =>
    brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  '.gz': (source) => gzipSync(source, { level: 9 }),
};

/**
 * Compresses the assets of one client build folder (`.../build/client/assets`); returns how many
 * copies it wrote. A copy no smaller than its file is not written: the server then sends the file.
 */
export function precompressAssets(assetsDir) {
  if (!existsSync(assetsDir)) return 0;
  let written = 0;
  for (const name of readdirSync(assetsDir)) {
    if (!compressible.test(name)) continue;
    const file = join(assetsDir, name);
    const stat = statSync(file);
    if (!stat.isFile()) continue;
    let source;
    for (const [extension, encode] of Object.entries(encoders)) {
      const copy = file + extension;
      if (existsSync(copy) && statSync(copy).mtimeMs >= stat.mtimeMs) continue;
      source ??= readFileSync(file);
      const compressed = encode(source);
      if (compressed.length >= source.length) continue;
      writeFileSync(copy, compressed);
      written += 1;
    }
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const webDir = fileURLToPath(new URL('..', import.meta.url));
  // WEB_BUILD_DIR (relative to apps/web) lets several builds live side by side.
  const assetsDir = resolve(webDir, process.env.WEB_BUILD_DIR ?? 'build', 'client/assets');
  const written = precompressAssets(assetsDir);
  console.log(`Precompressed ${written} asset copies (brotli 11, gzip 9) in ${assetsDir}`);
}
