import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  TaskCancelledError,
  TimeoutStrategy,
  circuitBreaker,
  handleAll,
  timeout,
  wrap,
  type CircuitBreakerPolicy,
  type IPolicy,
} from 'cockatiel';

/** The services the shop calls out to; each has a breaker of its own. */
export const outboundProviders = [
  'courier',
  'payments',
  'google',
  'mail',
  's3',
  'messaging',
] as const;
export type OutboundProvider = (typeof outboundProviders)[number];

/** How a call ended: answered, failed, gave up at the timeout, or refused by an open breaker. */
export type OutboundOutcome = 'ok' | 'failed' | 'timeout' | 'refused';

export interface OutboundSettings {
  /** The longest one call may take (OUTBOUND_TIMEOUT_MS). */
  timeoutMs: number;
  /** Failures in a row that open a provider's breaker (OUTBOUND_BREAKER_FAILURES). */
  breakerFailures: number;
  /** How long an open breaker refuses before it lets one trial call through. */
  breakerHalfOpenMs: number;
}

export const DEFAULT_OUTBOUND_SETTINGS: OutboundSettings = {
  timeoutMs: 6_000,
  breakerFailures: 5,
  breakerHalfOpenMs: 30_000,
};

/** What the policy tells the operators' metrics. */
export interface OutboundMetrics {
  outboundCall(provider: OutboundProvider, outcome: OutboundOutcome, seconds: number): void;
  outboundBreaker(provider: OutboundProvider, open: boolean): void;
}

export interface OutboundLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

/**
 * A call the provider did not answer in time, or one refused without trying because the
 * provider's breaker is open. Callers treat both as "the provider cannot answer now".
 */
export class OutboundUnavailableError extends Error {
  override name = 'OutboundUnavailableError';
  constructor(
    readonly provider: OutboundProvider,
    readonly reason: 'timeout' | 'open',
    message: string,
  ) {
    super(message);
  }
}

export interface RunOptions {
  /**
   * Concurrent calls with the same key share one call and its answer (only for reads: a write
   * must happen once per caller).
   */
  key?: string;
  /** Errors that are the provider's answer (a 4xx): passed on, but no sign the provider is down. */
  answered?: (error: unknown) => boolean;
  /**
   * False for a call its own client bounds by inactivity instead (an SMTP message with a large
   * attachment): giving up on it midway would send it twice when it is tried again.
   */
  timeout?: boolean;
}

export interface OutboundPolicy {
  readonly provider: OutboundProvider;
  readonly timeoutMs: number;
  /**
   * Runs one call under the provider's policy: the breaker first (an open one refuses at once),
   * then the timeout, whose signal `work` hands to its client so the socket is let go too.
   */
  run<T>(work: (signal: AbortSignal) => Promise<T>, options?: RunOptions): Promise<T>;
  /**
   * `fetchImpl` under the policy: each request with the timeout's signal, its body read within
   * it; a 5xx or 429 counts as a failure (and is still handed back as the response it was);
   * identical GETs in flight at once share one request.
   */
  fetch(fetchImpl: typeof fetch): typeof fetch;
  /** Whether the breaker is open (refusing) now. */
  isOpen(): boolean;
}

type Settled<T> = { value: T } | { answer: unknown };

/** A response read whole, so it can be handed to several callers and outlive the timeout. */
interface ReadResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

/** A 5xx or 429, thrown inside the breaker so it counts, and answered as itself outside it. */
class ProviderTrouble extends Error {
  constructor(readonly response: ReadResponse) {
    super(`answered ${response.status}`);
  }
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

const asResponse = (read: ReadResponse) =>
  new Response(NULL_BODY_STATUSES.has(read.status) ? null : read.body, {
    status: read.status,
    statusText: read.statusText,
    headers: read.headers,
  });

function headerOf(init: RequestInit | undefined, name: string): string {
  return new Headers(init?.headers).get(name) ?? '';
}

/**
 * One provider's policy: a timeout on every call, a breaker that opens after
 * `breakerFailures` failures in a row and refuses every call for `breakerHalfOpenMs` before a
 * trial call decides, and shared calls for identical reads in flight. Every call is counted in
 * the metrics; the breaker's opening and closing are logged.
 */
export function createOutboundPolicy(
  provider: OutboundProvider,
  settings: OutboundSettings = DEFAULT_OUTBOUND_SETTINGS,
  hooks: { metrics?: OutboundMetrics; log?: OutboundLog } = {},
): OutboundPolicy {
  const breaker: CircuitBreakerPolicy = circuitBreaker(handleAll, {
    halfOpenAfter: settings.breakerHalfOpenMs,
    breaker: new ConsecutiveBreaker(settings.breakerFailures),
  });
  const deadline = timeout(settings.timeoutMs, TimeoutStrategy.Aggressive);
  const bounded: IPolicy = wrap(breaker, deadline);
  const inFlight = new Map<string, Promise<unknown>>();

  breaker.onBreak(() => {
    hooks.metrics?.outboundBreaker(provider, true);
    hooks.log?.warn(
      { provider, failures: settings.breakerFailures, pauseMs: settings.breakerHalfOpenMs },
      `outbound: ${provider} failed repeatedly; its calls fail fast until a trial call succeeds`,
    );
  });
  breaker.onReset(() => {
    hooks.metrics?.outboundBreaker(provider, false);
    hooks.log?.info({ provider }, `outbound: ${provider} answers again; its breaker closed`);
  });

  async function once<T>(
    work: (signal: AbortSignal) => Promise<T>,
    options: RunOptions,
  ): Promise<T> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const isAnswer = options.answered ?? (() => false);
    // The provider's own answers (a 4xx) leave the breaker as results: the provider is up.
    const settle = (signal: AbortSignal) =>
      work(signal).then(
        (value): Settled<T> => ({ value }),
        (error: unknown): Settled<T> => {
          if (isAnswer(error)) return { answer: error };
          throw error;
        },
      );
    try {
      // A signal of its own per call: cockatiel's default one is shared by every call, and each
      // call in flight would hang one more listener on it.
      const own = new AbortController().signal;
      const settled =
        options.timeout === false
          ? await breaker.execute(() => settle(own), own)
          : await bounded.execute(({ signal }) => settle(signal), own);
      hooks.metrics?.outboundCall(provider, 'ok', seconds());
      if ('answer' in settled) throw settled.answer;
      return settled.value;
    } catch (error) {
      if (error instanceof BrokenCircuitError) {
        hooks.metrics?.outboundCall(provider, 'refused', seconds());
        throw new OutboundUnavailableError(
          provider,
          'open',
          `${provider} calls are paused after repeated failures`,
        );
      }
      if (error instanceof TaskCancelledError) {
        hooks.metrics?.outboundCall(provider, 'timeout', seconds());
        throw new OutboundUnavailableError(
          provider,
          'timeout',
          `${provider} did not answer within ${settings.timeoutMs} ms`,
        );
      }
      if (!isAnswer(error)) hooks.metrics?.outboundCall(provider, 'failed', seconds());
      throw error;
    }
  }

  function run<T>(work: (signal: AbortSignal) => Promise<T>, options: RunOptions = {}) {
    const call = () => once(work, options);
    if (options.key === undefined) return call();
    const key = options.key;
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = call().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  return {
    provider,
    timeoutMs: settings.timeoutMs,
    run,
    fetch(fetchImpl) {
      return async (input, init) => {
        const method = (init?.method ?? 'GET').toUpperCase();
        const url = input instanceof Request ? input.url : String(input);
        // Reads with the same credentials share a request; anything else goes on its own.
        const key =
          method === 'GET' && !(input instanceof Request)
            ? `${url}\u0000${headerOf(init, 'authorization')}`
            : undefined;
        try {
          const read = await run(
            async (signal): Promise<ReadResponse> => {
              const response = await fetchImpl(input, {
                ...init,
                signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal,
              });
              const body = NULL_BODY_STATUSES.has(response.status)
                ? null
                : await response.arrayBuffer();
              const copy: ReadResponse = {
                status: response.status,
                statusText: response.statusText,
                headers: [...response.headers],
                body,
              };
              if (response.status >= 500 || response.status === 429) {
                throw new ProviderTrouble(copy);
              }
              return copy;
            },
            key === undefined ? {} : { key },
          );
          return asResponse(read);
        } catch (error) {
          if (error instanceof ProviderTrouble) return asResponse(error.response);
          throw error;
        }
      };
    },
    isOpen: () => breaker.state === CircuitState.Open,
  };
}

/** Every provider's policy, built once per app from the settings. */
export function createOutbound(
  settings: OutboundSettings,
  hooks: { metrics?: OutboundMetrics; log?: OutboundLog } = {},
): Record<OutboundProvider, OutboundPolicy> {
  return Object.fromEntries(
    outboundProviders.map((provider) => [
      provider,
      createOutboundPolicy(provider, settings, hooks),
    ]),
  ) as Record<OutboundProvider, OutboundPolicy>;
}
