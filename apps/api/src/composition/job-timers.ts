import type { Job } from './feature-group.ts';

/** Each job's run alone, for the metrics to time and for tests to call. */
export function jobRunsOf<Name extends string>(
  jobs: Record<Name, Job>,
): Record<Name, () => Promise<number>> {
  const runs = {} as Record<Name, () => Promise<number>>;
  for (const name of Object.keys(jobs) as Name[]) runs[name] = jobs[name].run;
  return runs;
}

/**
 * Runs each job on its timer (every `intervalMs` when set, as tests and benches set it). Each job
 * is safe to run twice and from several processes at once; a run in flight is awaited by `stop`,
 * so a stop never cuts one short.
 */
export function startJobTimers<Name extends string>(
  schedule: Record<Name, Job>,
  runs: Record<Name, () => Promise<number>>,
  options: { intervalMs: number | undefined; log: (error: unknown, message: string) => void },
) {
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  const timers = (Object.keys(schedule) as Name[]).map((name) => {
    const timer = setInterval(() => {
      const run = runs[name]()
        .catch((error) => options.log(error, `${schedule[name].name} failed`))
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
    }, options.intervalMs ?? schedule[name].everyMs);
    timer.unref();
    return timer;
  });
  return {
    running: () => !stopped,
    /** No new run starts from now on. */
    stop() {
      stopped = true;
      timers.forEach((timer) => clearInterval(timer));
    },
    /** Resolves once every run in flight has ended. */
    idle: () => Promise.all(inFlight),
  };
}
