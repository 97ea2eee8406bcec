/**
 * The one place images are rendered: jobs keyed by image, run `concurrency` at a time (1 or 2)
 * off every request's path. A key already waiting or running is not added twice, so the work
 * waiting is bounded by the number of stored images whatever arrives. Urgent jobs (a shopper is
 * looking at the picture) go before the ones queued at start.
 */
export interface RenderQueue {
  /** Resolves when the job for `key` has run (or the queue was closed before it ran). */
  add(key: string, options?: { urgent?: boolean }): Promise<void>;
  /** Resolves once nothing waits or runs. */
  idle(): Promise<void>;
  readonly waiting: number;
  readonly running: number;
  /** Drops what waits and resolves when the jobs running have ended. */
  close(): Promise<void>;
}

interface Job {
  key: string;
  promise: Promise<void>;
  resolve: () => void;
}

export function createRenderQueue(options: {
  concurrency: number;
  run: (key: string) => Promise<void>;
  onError: (key: string, error: unknown) => void;
}): RenderQueue {
  const urgent = new Map<string, Job>();
  const later = new Map<string, Job>();
  const running = new Map<string, Job>();
  let idleWaiters: (() => void)[] = [];
  let closed = false;

  function settleIdle() {
    if (urgent.size + later.size + running.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  function next(): Job | undefined {
    for (const waitingJobs of [urgent, later]) {
      const first = waitingJobs.values().next();
      if (!first.done) {
        waitingJobs.delete(first.value.key);
        return first.value;
      }
    }
    return undefined;
  }

  function pump() {
    while (!closed && running.size < options.concurrency) {
      const job = next();
      if (!job) break;
      running.set(job.key, job);
      options
        .run(job.key)
        .catch((error: unknown) => options.onError(job.key, error))
        .finally(() => {
          running.delete(job.key);
          job.resolve();
          pump();
          settleIdle();
        });
    }
  }

  return {
    add(key, { urgent: isUrgent = false } = {}) {
      const existing = running.get(key) ?? urgent.get(key);
      if (existing) return existing.promise;
      const queuedLater = later.get(key);
      if (queuedLater) {
        if (isUrgent) {
          later.delete(key);
          urgent.set(key, queuedLater);
        }
        return queuedLater.promise;
      }
      if (closed) return Promise.resolve();
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      (isUrgent ? urgent : later).set(key, { key, promise, resolve });
      pump();
      return promise;
    },
    idle() {
      if (urgent.size + later.size + running.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    get waiting() {
      return urgent.size + later.size;
    },
    get running() {
      return running.size;
    },
    async close() {
      closed = true;
      for (const waitingJobs of [urgent, later]) {
        waitingJobs.forEach((job) => job.resolve());
        waitingJobs.clear();
      }
      await Promise.all([...running.values()].map((job) => job.promise));
      settleIdle();
    },
  };
}
