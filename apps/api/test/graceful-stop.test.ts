// A stop as a load balancer meets it: shoppers' requests keep arriving on kept-alive connections
// while the process stops. None sent on a connection already open may be cut off; every answer
// from then on closes its connection, and once the process stops listening a new connection is
// refused, which a load balancer takes as "try another process". (A connection still waiting to
// be accepted at that instant is reset by the kernel: only a balancer that heeds readiness's 503
// during the drain avoids those.)
import { Agent, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { stoppingLine } from '../src/server.ts';
import { signalShop, startShop, stopShop, until } from './shop-processes.ts';

interface Answer {
  status?: number;
  /** The answer said `connection: close`. */
  closes?: boolean;
  error?: string;
  /** Sent on a kept-alive connection that had carried a request before. */
  reused: boolean;
}

/** One request on `agent`: its status and whether it closed its connection, or its error code. */
function ask(agent: Agent, url: string) {
  return new Promise<Answer>((resolve) => {
    const request = httpRequest(url, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          closes: response.headers.connection === 'close',
          reused: request.reusedSocket,
        }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? 'error', reused: request.reusedSocket }),
    );
    request.end();
  });
}

describe('a stop under load', { timeout: 120_000 }, () => {
  it('answers every request that reached a kept-alive connection, and says to close it', async () => {
    const shop = await startShop('drain-burst', '');
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    try {
      const url = `${shop.url}/api/health/live`;
      // Twenty kept-alive connections, each busy with one request after another.
      await Promise.all(Array.from({ length: 20 }, () => ask(agent, url)));
      const answers: Answer[] = [];
      let signalled = false;
      let answeredBefore = 0;
      const shopper = async () => {
        while (shop.alive()) {
          const answer = await ask(agent, url);
          if (signalled) answers.push(answer);
          else answeredBefore += 1;
          if (answer.error === 'ECONNREFUSED') break;
        }
      };
      const shoppers = Array.from({ length: 20 }, shopper);
      // Under way: each connection has carried a couple more requests, one after another.
      await until('the shoppers are busy', async () => answeredBefore >= 40);
      signalShop(shop, 'SIGTERM');
      signalled = true;
      // While it drains, readiness tells a balancer to send no more.
      await until('the stop has begun', async () =>
        shop.output().includes(stoppingLine('SIGTERM')),
      );
      const ready = await ask(new Agent({ keepAlive: false }), `${shop.url}/api/health/ready`);
      expect(ready).toMatchObject({ status: 503, closes: true });
      await Promise.all(shoppers);
      expect(await shop.exited).toBe('code 0');

      // Nothing sent on a connection already open is cut off.
      expect(answers.filter((answer) => answer.reused && answer.error)).toEqual([]);
      const errors = new Set(answers.flatMap((answer) => (answer.error ? [answer.error] : [])));
      expect([...errors].every((code) => code === 'ECONNREFUSED' || code === 'ECONNRESET')).toBe(
        true,
      );
      expect(errors.has('ECONNREFUSED')).toBe(true);
      const answered = answers.filter((answer) => answer.status !== undefined);
      expect(answered.length).toBeGreaterThan(20);
      expect(answered.every((answer) => answer.status === 200)).toBe(true);
      // After the signal every answer closes its connection (the first few may predate it).
      expect(answered.slice(-20).every((answer) => answer.closes)).toBe(true);
    } finally {
      agent.destroy();
      await stopShop(shop, 'SIGKILL');
    }
  });
});
