import { afterEach, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DatabaseInUseError,
  openDatabase,
  pingDatabase,
  type DatabaseHandle,
} from '../../src/db/client.ts';

const clientModule = fileURLToPath(new URL('../../src/db/client.ts', import.meta.url));
const lockFile = (dataDir: string) => join(dataDir, 'shop-server.lock');

/** Another Node process opening the embedded database in `dataDir`: its exit code and output. */
function openInAnotherProcess(dataDir: string): Promise<{ code: number | null; output: string }> {
  const script = `
    const { openDatabase, DatabaseInUseError } = await import(${JSON.stringify(clientModule)});
    try {
      const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      await database.close();
      console.log('opened and closed');
    } catch (error) {
      if (!(error instanceof DatabaseInUseError)) throw error;
      console.log(error.message);
      process.exit(1);
    }`;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          output: `${stdout}${stderr}`.trim(),
        });
      },
    );
  });
}

let dataDir: string | undefined;
let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

describe('the embedded database belongs to one process', () => {
  it('refuses a second process with one line naming the holder, and lets it in once closed', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-pglite-lock-'));
    database = await openDatabase({ dataDir });

    const refused = await openInAnotherProcess(dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toBe(
      `Another process is using the embedded database in ${dataDir} (pid ${process.pid}). ` +
        'Stop it, or set DATABASE_URL to share a PostgreSQL.',
    );
    // The refused process left the holder's lock as it was.
    expect(existsSync(lockFile(dataDir))).toBe(true);

    await database.close();
    database = undefined;
    expect(existsSync(lockFile(dataDir))).toBe(false);
    const admitted = await openInAnotherProcess(dataDir);
    expect(admitted).toEqual({ code: 0, output: 'opened and closed' });
  }, 120_000);

  it('refuses a second open in the same process', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-pglite-lock-'));
    database = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseInUseError);
  }, 60_000);

  it('takes over the lock of a process that is gone', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-pglite-lock-'));
    // A pid that was alive and has ended, as a crashed server's would be.
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
      encoding: 'utf8',
    });
    const stalePid = Number(gone.stdout.trim());
    writeFileSync(lockFile(dataDir), `${stalePid}\n`);
    database = await openDatabase({ dataDir });
    expect(await pingDatabase(database.db)).toBe(true);
  }, 60_000);
});
