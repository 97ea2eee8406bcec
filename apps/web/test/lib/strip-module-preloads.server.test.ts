import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { stripModulePreloads } from '../../app/lib/strip-module-preloads.server';

async function run(chunks: (string | Buffer)[]) {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(stripModulePreloads()));
}

describe('stripModulePreloads', () => {
  it('drops module preloads from the head and keeps everything else', async () => {
    const html = await run([
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>',
      '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/><title>Ä</title></he',
      'ad><body><link rel="modulepreload" href="/body-stays.js"/><script type="module">import "/x.js"</script></body></html>',
    ]);
    expect(html).toBe(
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/><title>Ä</title></head><body><link rel="modulepreload" href="/body-stays.js"/><script type="module">import "/x.js"</script></body></html>',
    );
  });

  it('keeps multi-byte characters split across chunks intact', async () => {
    const bytes = Buffer.from('<head><title>₹1,299</title></head><body>ok</body>');
    const cut = bytes.indexOf(Buffer.from('₹')) + 1;
    const html = await text(
      Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(stripModulePreloads()),
    );
    expect(html).toBe('<head><title>₹1,299</title></head><body>ok</body>');
  });
});
