import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';

const modulePreload = /<link rel="modulepreload"[^>]*>/g;

/**
 * Drops the `<link rel="modulepreload">` tags that React Router's <Scripts> puts in the head.
 *
 * Why: on a phone over slow 4G those preloads start ~130 KB of script at the same time as the
 * stylesheet and the first image, and first paint waits for the shared bandwidth. Without them
 * the scripts load from the module script at the end of the body, after the page is on screen;
 * hydration comes a round trip later, and links work before it anyway (they are real anchors).
 * Measured with bench/lighthouse.ts: see docs/decisions/0007-scripts-after-first-paint.md.
 * Only the head is buffered (it arrives in the first chunk); the body streams through untouched.
 */
export function stripModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8');
  let head = '';
  let passedHead = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (passedHead) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf('</head>');
      if (end === -1) return callback();
      passedHead = true;
      const output = head.slice(0, end).replace(modulePreload, '') + head.slice(end);
      head = '';
      callback(null, output);
    },
    flush(callback: TransformCallback) {
      callback(null, passedHead ? decoder.end() : head + decoder.end());
    },
  });
}
