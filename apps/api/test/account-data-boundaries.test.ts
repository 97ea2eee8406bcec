import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Features talk through each other's services: her download and her erasure read and change what
// other features hold through those features' own services, never their repositories or tables.
const folder = join(import.meta.dirname, '../src/features/account-data');

async function sources() {
  const files = (await readdir(folder)).filter((file) => file.endsWith('.ts'));
  return Promise.all(
    files.map(async (file) => ({ file, text: await readFile(join(folder, file), 'utf8') })),
  );
}

/** Tables other features own (and a few of the statements that would reach them). */
const foreignTables =
  /\b(?:from|join|update|into)\s+(?:orders|order_items|invoices|reviews|carts|cart_items|wishlists|wishlist_items|grievances|grievance_messages|customer_notes|refresh_tokens|users|products)\b/i;

describe('the account-data feature', () => {
  it('imports no other feature’s repository', async () => {
    for (const { file, text } of await sources()) {
      const imports = [...text.matchAll(/from '(\.\.\/[^']+)'/g)].map((match) => match[1]!);
      expect(
        imports.filter((path) => /^\.\.\/[^/]+\/.*\.repository\.ts$/.test(path)),
        file,
      ).toEqual([]);
    }
  });

  it('writes no SQL against another feature’s tables, and uses only its own from the schema', async () => {
    for (const { file, text } of await sources()) {
      expect(foreignTables.exec(text)?.[0], file).toBeUndefined();
      const schemaImport = /import \{([^}]*)\} from '\.\.\/\.\.\/db\/schema\.ts'/.exec(text);
      const names = (schemaImport?.[1] ?? '')
        .split(',')
        .map((name) => name.trim().replace(/^type\s+/, ''))
        .filter(Boolean);
      expect(
        names.filter((name) => name !== 'consentRecords'),
        file,
      ).toEqual([]);
    }
  });
});
