import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createOutboundPolicy,
  OutboundUnavailableError,
  type OutboundMetrics,
  type OutboundSettings,
} from '../../src/adapters/outbound.ts';

const settings: OutboundSettings = {
  timeoutMs: 300,
  breakerFailures: 3,
  breakerHalfOpenMs: 10_000,
};

/** What the policy told the metrics. */
function recordingMetrics() {
  const calls: string[] = [];
  const breaker: boolean[] = [];
  const metrics: OutboundMetrics = {
    outboundCall: (provider, outcome) => calls.push(`${provider}:${outcome}`),
    outboundBreaker: (_provider, open) => breaker.push(open),
  };
  return { calls, breaker, metrics };
}

/** A fake service answering `status` to every request, counting them. */
function fakeService(status: () => number) {
  const requests: string[] = [];
  let release: (() => void) | undefined;
  let holding = false;
  const fake = (async (url: string | URL, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${String(url)}`);
    // The first request is held until released when a test wants calls in flight at once.
    if (holding && release === undefined) await new Promise<void>((r) => (release = r));
    return new Response(JSON.stringify({ n: requests.length }), { status: status() });
  }) as typeof fetch;
  return {
    requests,
    fake,
    hold: () => (holding = true),
    release: () => release?.(),
  };
}

let server: Server | undefined;
afterEach(async () => {
  vi.useRealTimers();
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
  }
});

describe('the outbound policy', () => {
  it('gives up on a service that never answers at the timeout and lets its socket go', async () => {
    let closed = 0;
    // A real server that takes the request and never answers.
    server = createServer((request) => request.socket.on('close', () => (closed += 1)));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const { calls, metrics } = recordingMetrics();
    const policy = createOutboundPolicy('courier', settings, { metrics });
    const started = performance.now();
    const error = await policy
      .fetch(fetch)(`http://127.0.0.1:${port}/slow`)
      .catch((caught: unknown) => caught);
    expect(performance.now() - started).toBeLessThan(settings.timeoutMs + 1_000);
    expect(error).toBeInstanceOf(OutboundUnavailableError);
    expect(error).toMatchObject({ provider: 'courier', reason: 'timeout' });
    expect(calls).toEqual(['courier:timeout']);
    // The request was aborted, not left hanging: the server sees its connection end.
    await vi.waitFor(() => expect(closed).toBe(1));
  });

  it('opens after repeated failures, refuses without calling, and closes after a good trial', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let status = 503;
    const service = fakeService(() => status);
    const { calls, breaker, metrics } = recordingMetrics();
    const policy = createOutboundPolicy('payments', settings, { metrics });
    const send = policy.fetch(service.fake);
    // A 5xx is handed back as the answer it was, and counted as a failure.
    for (let i = 0; i < settings.breakerFailures; i++) {
      expect((await send('https://psp.test/orders', { method: 'POST' })).status).toBe(503);
    }
    expect(policy.isOpen()).toBe(true);
    expect(breaker).toEqual([true]);
    await expect(send('https://psp.test/orders', { method: 'POST' })).rejects.toMatchObject({
      reason: 'open',
    });
    expect(service.requests).toHaveLength(settings.breakerFailures);
    expect(calls.at(-1)).toBe('payments:refused');

    // Past the pause one trial call goes through; its success closes the breaker.
    vi.setSystemTime(Date.now() + settings.breakerHalfOpenMs + 1);
    status = 200;
    expect((await send('https://psp.test/orders', { method: 'POST' })).status).toBe(200);
    expect(policy.isOpen()).toBe(false);
    expect(breaker).toEqual([true, false]);
    expect(service.requests).toHaveLength(settings.breakerFailures + 1);
  });

  it('opens again when the trial call fails too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const failing = async () => {
      throw new Error('connection reset');
    };
    const policy = createOutboundPolicy('mail', settings);
    for (let i = 0; i < settings.breakerFailures; i++) {
      await expect(policy.run(failing)).rejects.toThrow('connection reset');
    }
    expect(policy.isOpen()).toBe(true);
    vi.setSystemTime(Date.now() + settings.breakerHalfOpenMs + 1);
    await expect(policy.run(failing)).rejects.toThrow('connection reset');
    expect(policy.isOpen()).toBe(true);
  });

  it("never opens on the provider's own answers (a 4xx)", async () => {
    const service = fakeService(() => 404);
    const policy = createOutboundPolicy('courier', settings);
    for (let i = 0; i < settings.breakerFailures * 2; i++) {
      expect((await policy.fetch(service.fake)('https://courier.test/pin/1')).status).toBe(404);
    }
    const refusal = Object.assign(new Error('bad id'), { statusCode: 400 });
    for (let i = 0; i < settings.breakerFailures * 2; i++) {
      await expect(
        policy.run(() => Promise.reject(refusal), { answered: () => true }),
      ).rejects.toBe(refusal);
    }
    expect(policy.isOpen()).toBe(false);
  });

  it('shares one request among identical reads in flight, never among writes', async () => {
    const service = fakeService(() => 200);
    service.hold();
    const send = createOutboundPolicy('courier', settings).fetch(service.fake);
    const init = { headers: { authorization: 'Bearer t' } };
    const reads = Array.from({ length: 5 }, () => send('https://courier.test/pin/560001', init));
    const other = send('https://courier.test/pin/400001', init);
    await vi.waitFor(() => expect(service.requests.length).toBeGreaterThan(0));
    service.release();
    const bodies = await Promise.all(reads.map(async (read) => (await read).json()));
    await other;
    // Each caller reads its own copy of the one answer.
    expect(bodies).toEqual(Array.from({ length: 5 }, () => bodies[0]));
    expect(service.requests.filter((r) => r.endsWith('/560001'))).toHaveLength(1);

    const writes = await Promise.all(
      Array.from({ length: 3 }, () => send('https://courier.test/orders', { method: 'POST' })),
    );
    expect(writes.every((write) => write.ok)).toBe(true);
    expect(service.requests.filter((r) => r.startsWith('POST'))).toHaveLength(3);
  });
});
