/** What the money-path benchmarks share: a server process of their own, JSON calls, and a run. */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

/** Starts `bench/api-servers.ts` (a hello-world or the shop) in its own process. */
export function startBenchServer(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROFILE=dir writes a V8 CPU profile of the server there when it stops.
    const profile = process.env.BENCH_CPU_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
      : [];
    const child = spawn(
      process.execPath,
      [...profile, '--import', 'tsx', 'bench/api-servers.ts', ...args],
      {
        env: { ...process.env, LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server ${args[0]} exited with ${code}`)));
  });
}

/** Stops a server started by `startBenchServer`, once it has closed its database. */
export function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

/** One JSON call to the shop, answering the parsed envelope. */
export async function callShop(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as any;
}

/** A row of figures for console.table. */
export function figures(label: string, result: autocannon.Result, hello?: number) {
  return {
    request: label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    ...(hello
      ? { 'vs hello-world': `${((result.requests.average / hello) * 100).toFixed(1)}%` }
      : {}),
    errors: result.errors + result.non2xx,
  };
}

/** A 2-second warm-up, then the measured run. */
export async function measure(label: string, options: autocannon.Options, duration: number) {
  await autocannon({ ...options, duration: 2 });
  return figures(label, await autocannon({ ...options, duration }));
}
