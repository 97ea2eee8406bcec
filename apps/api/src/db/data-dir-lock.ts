import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * PGlite keeps its data folder for the one process that opened it: a second process writing the
 * same files would corrupt them. The folder holds this lock file, naming the holder's pid, for as
 * long as the database is open.
 */
const LOCK_FILE = 'shop-server.lock';

/** The embedded database's folder is held by another live process. */
export class DatabaseInUseError extends Error {
  readonly dataDir: string;
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `Another process is using the embedded database in ${dataDir} (pid ${pid}). Stop it, or set DATABASE_URL to share a PostgreSQL.`,
    );
    this.name = 'DatabaseInUseError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

/** Lock files this process holds: a lock naming this pid that is not here is left by a crash. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A pid written whole, or undefined for a file still being written (or not ours). */
function pidIn(content: string): number | undefined {
  const match = /^(\d+)\n$/.exec(content);
  return match ? Number(match[1]) : undefined;
}

/**
 * Takes the data folder's lock, or throws `DatabaseInUseError` when a live process holds it. The
 * lock file is created atomically (`wx`), so of two processes starting at once one gets it. A
 * lock whose process is gone (a crash, a kill -9) is stale and taken over. Answers the release,
 * which removes the file if it still names this process.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const path = join(dataDir, LOCK_FILE);
  const mine = `${process.pid}\n`;
  for (let attempt = 0; ; attempt += 1) {
    let fd: number | undefined;
    try {
      fd = openSync(path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (fd !== undefined) {
      try {
        writeSync(fd, mine);
      } finally {
        closeSync(fd);
      }
      held.add(path);
      return () => {
        held.delete(path);
        if (readLock(path) === mine) unlinkSync(path);
      };
    }
    if (held.has(path)) throw new DatabaseInUseError(dataDir, process.pid);
    const content = readLock(path);
    if (content === undefined) continue; // released meanwhile: try again
    const pid = pidIn(content);
    if (pid === undefined && attempt < 10) {
      // Just created by another process, its pid not yet written.
      await sleep(20);
      continue;
    }
    if (pid !== undefined && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseInUseError(dataDir, pid);
    }
    if (attempt >= 20) throw new DatabaseInUseError(dataDir, pid ?? 0);
    // Stale: removed only while it still says what was read, then created anew with `wx`.
    if (readLock(path) === content) {
      try {
        unlinkSync(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
}
