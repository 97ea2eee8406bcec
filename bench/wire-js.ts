/**
 * First-load JavaScript on the wire, as Lighthouse counts it (transfer size: the response's
 * status line and headers plus its body as sent, compressed), measured against a running
 * production server; it starts nothing. For each page: the document is fetched, then every
 * script it names (module preloads and the inline module's imports) and every chunk those import
 * statically, each once, with the Accept-Encoding Chromium sends. Scripts a page loads later by
 * `import()` (a client-side redirect, Pay now) are not first-load and are not counted.
 * bench/first-load-js.ts reads the same scripts from the build at gzip level 6 instead.
 *
 *   npm run build && npm start        then, in another shell:
 *   BASE_URL=http://127.0.0.1:3000 npm run bench:wire-js        (VERBOSE=1 lists the scripts)
 */
import { request } from 'node:http';

const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const verbose = process.env.VERBOSE === '1';
/** What Chromium sends for a script; the server picks brotli from it. */
const acceptEncoding = 'gzip, deflate, br, zstd';

interface Transfer {
  headerBytes: number;
  bodyBytes: number;
  body: Buffer;
  encoding: string;
}

/** One GET over HTTP/1.1, counting the bytes as they arrive (the body is not decoded). */
function get(url: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { 'accept-encoding': acceptEncoding, accept: '*/*' } },
      (response) => {
        // Status line, each header line, and the blank line that ends them.
        let headerBytes =
          `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
        for (let index = 0; index < response.rawHeaders.length; index += 2) {
          headerBytes += Buffer.byteLength(
            `${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}\r\n`,
          );
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) {
            reject(new Error(`${url}: ${response.statusCode}`));
            return;
          }
          const body = Buffer.concat(chunks);
          resolve({
            headerBytes,
            bodyBytes: body.length,
            body,
            encoding: String(response.headers['content-encoding'] ?? 'identity'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The same GET, decoded: for reading a document's or a script's text. */
async function text(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

/** The scripts a document names: module preloads, and what its inline module imports. */
function documentScripts(html: string, pageUrl: URL): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(match[0])?.[1];
    if (href) urls.add(new URL(href, pageUrl).pathname);
  }
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const imported of match[1]!.matchAll(
      /\bimport\s*(?:\(\s*|[\w{}\s,*]+from\s*)?["']([^"']+)["']/g,
    )) {
      urls.add(new URL(imported[1]!, pageUrl).pathname);
    }
  }
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) {
    urls.add(new URL(match[1]!, pageUrl).pathname);
  }
  return [...urls].filter((path) => path.endsWith('.js'));
}

/** Chunks a script imports statically (`import ... from "./x.js"`, `import "./x.js"`). */
function staticImports(source: string, scriptPath: string): string[] {
  const directory = scriptPath.slice(0, scriptPath.lastIndexOf('/') + 1);
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.\/[^"']+\.js)["']/g)].map(
    (match) => directory + match[1]!.slice(2),
  );
}

async function measure(path: string) {
  const pageUrl = new URL(path, baseURL);
  const queue = documentScripts(await text(pageUrl.href), pageUrl);
  const seen = new Map<string, Transfer>();
  while (queue.length > 0) {
    const script = queue.pop()!;
    if (seen.has(script)) continue;
    const transfer = await get(new URL(script, baseURL).href);
    seen.set(script, transfer);
    queue.push(...staticImports(await text(new URL(script, baseURL).href), script));
  }
  const transfers = [...seen.values()];
  const headers = transfers.reduce((sum, item) => sum + item.headerBytes, 0);
  const bodies = transfers.reduce((sum, item) => sum + item.bodyBytes, 0);
  if (verbose) {
    console.log(`${path}:`);
    for (const [script, item] of [...seen].sort((a, b) => b[1].bodyBytes - a[1].bodyBytes)) {
      console.log(
        `  ${kb(item.bodyBytes).padStart(6)} KB ${item.encoding.padEnd(8)} +${item.headerBytes} B headers  ${script}`,
      );
    }
  }
  return { scripts: transfers.length, headers, bodies };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  const list = (await (await fetch(`${baseURL}/api/product/products?limit=1`)).json()) as {
    data: { products: { _id: string }[] };
  };
  const productId = list.data.products[0]?._id;
  if (!productId) throw new Error('the catalogue is empty: seed the shop');
  // Pages that need a signed-in shopper still load their scripts signed out; those are counted.
  const pages: Record<string, string> = {
    home: '/',
    listing: '/products/bras',
    product: `/product/${productId}`,
    cart: '/cart',
    checkout: '/checkout',
    profile: '/profile',
    'order-success': '/order-success/000000000000000000000000',
  };
  const rows = [];
  for (const [page, path] of Object.entries(pages)) {
    const { scripts, headers, bodies } = await measure(path);
    rows.push({
      page,
      scripts,
      'bodies KB': kb(bodies),
      'headers KB': kb(headers),
      'wire KB': kb(bodies + headers),
    });
  }
  console.log(
    `First-load JavaScript on the wire (${baseURL}, Accept-Encoding: ${acceptEncoding}):`,
  );
  console.table(rows);
}

await main();
