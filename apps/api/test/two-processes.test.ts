/**
 * Two (and three) real server processes on one PostgreSQL, as behind a load balancer: requests
 * alternate between them, and whatever must hold across processes (sessions, throttles,
 * idempotency keys, webhook events, background jobs, the read cache, stock) is checked through
 * both and in the database itself. PostgreSQL only (`TEST_DATABASE_URL`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newShopper } from './auth-helpers.ts';
import { addBody, type StockedChoice } from './cart-helpers.ts';
import { orderBody } from './order-helpers.ts';
import { readOutbox } from './outbox.ts';
import {
  call,
  sharedSecrets,
  signalShop,
  fillCartOn,
  spawnShop,
  startShop,
  stockedChoicesOf,
  stopShop,
  until,
  untilJobRuns,
  waitHealthy,
  METRICS_TOKEN,
  type Answer,
  type ShopProcess,
} from './shop-processes.ts';
import { createScratchDatabase } from './test-app.ts';

/** Every background job every 250 ms, so the jobs of both processes meet. */
const JOBS_INTERVAL_MS = '250';

interface Session {
  email: string;
  password: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
}

async function signUpOn(shop: ShopProcess): Promise<Session> {
  const shopper = newShopper();
  const answer = await call(shop, 'POST', '/api/auth/signup', { body: shopper });
  if (answer.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(answer.body)}`);
  return {
    email: shopper.email,
    password: shopper.password,
    userId: answer.body.data.user._id,
    accessToken: answer.body.data.accessToken,
    refreshToken: answer.body.data.refreshToken,
  };
}

/** The stock of a choice as a catalogue read of `shop` answers it. */
async function catalogueStock(shop: ShopProcess, choice: StockedChoice): Promise<number> {
  const { status, body } = await call(shop, 'GET', `/api/product/${choice.productId}`);
  expect(status).toBe(200);
  const color = body.data.colors.find(
    (c: { colorName: string }) => c.colorName === choice.colorName,
  );
  return color.sizeStock.find((s: { size: string }) => s.size === choice.size).stock;
}

/** Prints the output of `shops` since the test began, when the test fails. */
function printOutputOnFailure(shops: () => ShopProcess[]) {
  beforeEach((context) => {
    const from = new Map(shops().map((shop) => [shop, shop.output().length]));
    context.onTestFailed(() => {
      for (const shop of shops()) {
        const output = shop.output().slice(from.get(shop) ?? 0);
        console.log(`---- output of shop ${shop.name} during "${context.task.name}" ----`);
        console.log(output.length > 20_000 ? `...${output.slice(-20_000)}` : output);
      }
    });
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'several server processes on one PostgreSQL',
  () => {
    describe('two processes, requests alternating', () => {
      let drop = async () => {};
      let databaseUrl: string;
      let db: pg.Pool;
      let A: ShopProcess;
      let B: ShopProcess;
      const started: ShopProcess[] = [];
      /** Process i % 2: A for even i, B for odd. */
      const shop = (i: number) => (i % 2 === 0 ? A : B);
      let choices: StockedChoice[];
      /** Twenty shoppers, signed up alternately on A and B. */
      const shoppers: Session[] = [];

      async function stockInDb(choice: StockedChoice): Promise<number> {
        const { rows } = await db.query<{ stock: number }>(
          `select s.stock from product_size_stock s join product_colors c on s.color_id = c.id
       where c.product_id = $1 and c.color_name = $2 and s.size = $3`,
          [choice.productId, choice.colorName, choice.size],
        );
        return rows[0]!.stock;
      }

      async function setStockInDb(choice: StockedChoice, stock: number) {
        await db.query(
          `update product_size_stock s set stock = $4 from product_colors c
       where s.color_id = c.id and c.product_id = $1 and c.color_name = $2 and s.size = $3`,
          [choice.productId, choice.colorName, choice.size, stock],
        );
      }

      beforeAll(async () => {
        const scratch = (await createScratchDatabase('two_processes'))!;
        drop = scratch.drop;
        databaseUrl = scratch.url;
        db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
        const env = {
          JOBS_INTERVAL_MS,
          // Its job lag gauge tells when more job runs have ended.
          METRICS_TOKEN,
          // Long enough that only a change notice from the other process can refresh a cached read.
          CATALOGUE_CACHE_TTL_MS: '600000',
        };
        // One after the other: starting at once on a fresh database is the last scenario's test.
        A = await startShop('A', databaseUrl, env);
        started.push(A);
        B = await startShop('B', databaseUrl, env);
        started.push(B);
        choices = await stockedChoicesOf(A, 10);
        if (choices.length < 8) throw new Error(`only ${choices.length} stocked choices`);
        for (let batch = 0; batch < 4; batch += 1) {
          shoppers.push(
            ...(await Promise.all([0, 1, 2, 3, 4].map((i) => signUpOn(shop(batch * 5 + i))))),
          );
        }
      }, 120_000);

      afterAll(async () => {
        await Promise.all(started.map((shop) => stopShop(shop, 'SIGKILL')));
        await db?.end();
        await drop();
      });

      printOutputOnFailure(() => started);

      it('keeps a shopper signed in, her cart and her refresh tokens the same on either process', async () => {
        const signedUp = await signUpOn(A);
        const signIn = await call(B, 'POST', '/api/auth/login', {
          body: { email: signedUp.email, password: signedUp.password },
        });
        expect(signIn.status).toBe(200);
        const fromB = signIn.body.data as { accessToken: string; refreshToken: string };
        // A token either process signed is good on the other.
        expect(
          (await call(B, 'GET', '/api/auth/profile', { token: signedUp.accessToken })).status,
        ).toBe(200);
        expect(
          (await call(A, 'GET', '/api/auth/profile', { token: fromB.accessToken })).status,
        ).toBe(200);

        const choice = choices[7]!;
        const added = await call(A, 'POST', '/api/cart', {
          token: fromB.accessToken,
          body: addBody(choice, 2),
        });
        expect(added.status).toBe(200);
        const cartOnB = await call(B, 'GET', '/api/cart', { token: signedUp.accessToken });
        expect(cartOnB.status).toBe(200);
        expect(cartOnB.body.data.items).toHaveLength(1);
        expect(cartOnB.body.data.items[0]).toMatchObject({
          productId: choice.productId,
          quantity: 2,
        });
        const changed = await call(B, 'PUT', `/api/cart/item/${cartOnB.body.data.items[0]._id}`, {
          token: signedUp.accessToken,
          body: { quantity: 3 },
        });
        expect(changed.status).toBe(200);
        const cartOnA = await call(A, 'GET', '/api/cart', { token: fromB.accessToken });
        expect(cartOnA.body.data.items[0].quantity).toBe(3);

        // Refresh on A, then the spent token on B: refused, and the whole sign-in ends everywhere.
        const rotated = await call(A, 'POST', '/api/auth/refresh', {
          body: { refreshToken: fromB.refreshToken },
        });
        expect(rotated.status).toBe(200);
        expect(rotated.body.data.refreshToken).not.toBe(fromB.refreshToken);
        const reused = await call(B, 'POST', '/api/auth/refresh', {
          body: { refreshToken: fromB.refreshToken },
        });
        expect(reused.status).toBe(401);
        const newest = await call(A, 'POST', '/api/auth/refresh', {
          body: { refreshToken: rotated.body.data.refreshToken },
        });
        expect(newest.status).toBe(401);
        // The sign-up's own sign-in is another family: it still rotates, on B.
        const other = await call(B, 'POST', '/api/auth/refresh', {
          body: { refreshToken: signedUp.refreshToken },
        });
        expect(other.status).toBe(200);

        // Signing out on A ends the access tokens B had just accepted (B keeps users read recently).
        const token = other.body.data.accessToken as string;
        expect((await call(B, 'GET', '/api/auth/profile', { token })).status).toBe(200);
        expect((await call(A, 'POST', '/api/auth/logout', { token, body: {} })).status).toBe(200);
        await until(
          'B refuses an access token signed out on A',
          async () => (await call(B, 'GET', '/api/auth/profile', { token })).status === 401,
          2_000,
        );
      });

      it('counts failed sign-ins across both processes: the limit comes at the same total as on one', async () => {
        const wrong = { password: 'not-her-password-9' };
        /** Failed sign-ins answered 401 before the first 429, cycling through `targets`. */
        async function failuresBeforeLock(targets: ShopProcess[], email: string) {
          for (let attempt = 0; attempt < 20; attempt += 1) {
            const answer = await call(
              targets[attempt % targets.length]!,
              'POST',
              '/api/auth/login',
              {
                body: { email, ...wrong },
              },
            );
            if (answer.status === 429) return attempt;
            expect(answer.status).toBe(401);
          }
          return 20;
        }
        const [onOne, onBoth] = await Promise.all([signUpOn(A), signUpOn(B)]);
        const alone = await failuresBeforeLock([A], onOne!.email);
        const split = await failuresBeforeLock([A, B], onBoth!.email);
        expect(alone).toBe(10);
        expect(split).toBe(alone);
        // Locked on both: even the right password is refused, on either process.
        for (const target of [A, B]) {
          const answer = await call(target, 'POST', '/api/auth/login', {
            body: { email: onBoth!.email, password: onBoth!.password },
          });
          expect(answer.status).toBe(429);
        }
      });

      it('places one order for one Idempotency-Key sent to both processes at once', async () => {
        const choice = choices[0]!;
        const before = await stockInDb(choice);
        const keys: string[] = [];
        for (let round = 0; round < 5; round += 1) {
          const key = `both-at-once-${round}-${randomBytes(4).toString('hex')}`;
          keys.push(key);
          const body = orderBody([[choice, 1]]);
          await fillCartOn(A, shoppers[round]!.accessToken, body.items);
          const answers = await Promise.all(
            [A, B].map((target) =>
              call(target, 'POST', '/api/order', {
                token: shoppers[round]!.accessToken,
                body,
                headers: { 'idempotency-key': key },
              }),
            ),
          );
          expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
          expect(answers[1]!.body.data.orderId).toBe(answers[0]!.body.data.orderId);
        }
        const { rows } = await db.query<{ n: number }>(
          'select count(*)::int as n from orders where idempotency_key = any($1)',
          [keys],
        );
        expect(rows[0]!.n).toBe(5);
        expect(await stockInDb(choice)).toBe(before - 5);
      });

      it('settles webhooks delivered to both processes at once once each, and mails once each', async () => {
        const choice = choices[1]!;
        const deliver = (target: ShopProcess, raw: string, eventId: string) =>
          call(target, 'POST', '/api/payments/webhook', {
            body: raw,
            headers: {
              'x-razorpay-signature': createHmac('sha256', sharedSecrets.RAZORPAY_WEBHOOK_SECRET)
                .update(raw)
                .digest('hex'),
              'x-razorpay-event-id': eventId,
            },
          });
        // Eight orders placed and initiated (never paid through the simulator, which would send
        // its own webhook), each on alternate processes.
        const orders = await Promise.all(
          Array.from({ length: 8 }, async (_, i) => {
            const buyer = shoppers[5 + i]!;
            const body = orderBody([[choice, 1]]);
            await fillCartOn(shop(i), buyer.accessToken, body.items);
            const placed = await call(shop(i), 'POST', '/api/order', {
              token: buyer.accessToken,
              body,
            });
            expect(placed.status).toBe(201);
            const initiated = await call(shop(i + 1), 'POST', '/api/payments/initiate', {
              token: buyer.accessToken,
              body: { orderId: placed.body.data.orderId, method: 'razorpay' },
            });
            expect(initiated.status).toBe(200);
            return {
              buyer,
              orderId: placed.body.data.orderId as string,
              orderNumber: placed.body.data.orderNumber as string,
              providerOrderId: initiated.body.data.razorpayOrderId as string,
              amount: initiated.body.data.amount as number,
            };
          }),
        );
        // For each: payment.captured, and order.paid for the same payment under an event id of
        // its own (Razorpay sends both), each delivered to A and to B, all 32 at once.
        const deliveries = orders.flatMap(({ providerOrderId, amount }) => {
          const payment = {
            id: `pay_${randomBytes(7).toString('hex')}`,
            entity: 'payment',
            amount,
            currency: 'INR',
            status: 'captured',
            order_id: providerOrderId,
            method: 'upi',
            captured: true,
          };
          const captured = JSON.stringify({
            entity: 'event',
            event: 'payment.captured',
            contains: ['payment'],
            payload: { payment: { entity: payment } },
          });
          const orderPaid = JSON.stringify({
            entity: 'event',
            event: 'order.paid',
            contains: ['payment', 'order'],
            payload: {
              payment: { entity: payment },
              order: { entity: { id: providerOrderId, status: 'paid' } },
            },
          });
          const capturedId = `evt_${randomBytes(7).toString('hex')}`;
          const orderPaidId = `evt_${randomBytes(7).toString('hex')}`;
          return [
            () => deliver(A, captured, capturedId),
            () => deliver(B, captured, capturedId),
            () => deliver(A, orderPaid, orderPaidId),
            () => deliver(B, orderPaid, orderPaidId),
          ];
        });
        const answers = await Promise.all(deliveries.map((send) => send()));
        expect(answers.map((answer) => answer.status)).toEqual(Array(32).fill(200));

        const ids = orders.map(({ orderId }) => orderId);
        const { rows: paid } = await db.query(
          `select o.id, o.payment_status, count(p.id) filter (where p.status = 'paid')::int as paid
           from orders o left join payments p on p.order_id = o.id
           where o.id = any($1) group by o.id, o.payment_status`,
          [ids],
        );
        expect(paid).toHaveLength(8);
        for (const row of paid) expect(row).toMatchObject({ payment_status: 'paid', paid: 1 });

        const confirmations = async () =>
          (await Promise.all([A, B].map((target) => readOutbox(`${target.dataDir}/outbox`))))
            .flat()
            .filter((mail) => mail.subject.endsWith(' is confirmed'));
        const mailsPerOrder = async () => {
          const mails = await confirmations();
          return orders.map(
            ({ orderNumber }) => mails.filter((mail) => mail.subject.includes(orderNumber)).length,
          );
        };
        await until(
          'a confirmation mail for every order',
          async () => (await mailsPerOrder()).every((n) => n > 0),
          5_000,
        );
        // Several mail runs later, in both processes, still one each.
        await untilJobRuns([A, B], ['deliverMail'], 4);
        expect(await mailsPerOrder()).toEqual(Array(8).fill(1));
        const mails = await confirmations();
        for (const { buyer, orderNumber } of orders) {
          expect(mails.find((mail) => mail.subject.includes(orderNumber))!.to).toContain(
            buyer.email,
          );
        }
      });

      it('expires each overdue unpaid order once with both processes sweeping: its stock comes back once', async () => {
        const choice = choices[2]!;
        await setStockInDb(choice, 100);
        const body = orderBody([[choice, 1]]);
        for (const buyer of shoppers) await fillCartOn(A, buyer.accessToken, body.items);
        const answers = await Promise.all(
          shoppers.map((buyer, i) =>
            call(shop(i), 'POST', '/api/order', { token: buyer.accessToken, body }),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
        const ids = answers.map((answer) => answer.body.data.orderId as string);
        expect(await stockInDb(choice)).toBe(80);

        // Their time to pay runs out together, so both processes' sweeps find them at once.
        await db.query(
          `update orders set payment_due_at = now() - interval '1 second' where id = any($1)`,
          [ids],
        );
        const pending = async () =>
          (
            await db.query<{ n: number }>(
              `select count(*)::int as n from orders where id = any($1) and status <> 'cancelled'`,
              [ids],
            )
          ).rows[0]!.n;
        await until(
          'the expiry sweeps (every JOBS_INTERVAL_MS) cancel every overdue order',
          async () => (await pending()) === 0,
          15_000,
        );
        expect(await stockInDb(choice)).toBe(100);
        // More sweeps of both processes change nothing.
        await untilJobRuns([A, B], ['expireUnpaidOrders'], 4);
        expect(await stockInDb(choice)).toBe(100);
      });

      it("shows a stock change made through one process in the other's next catalogue read", async () => {
        const choice = choices[3]!;
        const start = await catalogueStock(B, choice);
        // B now answers this product from its read cache (its entries live for 10 minutes here).
        expect(await catalogueStock(B, choice)).toBe(start);
        const oneOnA = orderBody([[choice, 1]]);
        await fillCartOn(A, shoppers[14]!.accessToken, oneOnA.items);
        const onA = await call(A, 'POST', '/api/order', {
          token: shoppers[14]!.accessToken,
          body: oneOnA,
        });
        expect(onA.status).toBe(201);
        await until(
          "B's catalogue read shows the order placed on A",
          async () => (await catalogueStock(B, choice)) === start - 1,
          1_000,
        );

        expect(await catalogueStock(A, choice)).toBe(start - 1);
        const twoOnB = orderBody([[choice, 2]]);
        await fillCartOn(B, shoppers[15]!.accessToken, twoOnB.items);
        const onB = await call(B, 'POST', '/api/order', {
          token: shoppers[15]!.accessToken,
          body: twoOnB,
        });
        expect(onB.status).toBe(201);
        await until(
          "A's catalogue read shows the order placed on B",
          async () => (await catalogueStock(A, choice)) === start - 3,
          1_000,
        );
        expect(await stockInDb(choice)).toBe(start - 3);
      });

      it('sells the last 5 units to exactly 5 of 20 buyers spread over both processes', async () => {
        const choice = choices[4]!;
        await setStockInDb(choice, 5);
        for (const buyer of shoppers) {
          await call(A, 'DELETE', '/api/cart/clear', { token: buyer.accessToken });
        }
        const added = await Promise.all(
          shoppers.map((buyer, i) =>
            call(shop(i), 'POST', '/api/cart', {
              token: buyer.accessToken,
              body: addBody(choice, 1),
            }),
          ),
        );
        expect(added.map((answer) => answer.status)).toEqual(Array(20).fill(200));
        const answers = await Promise.all(
          shoppers.map((buyer, i) =>
            call(shop(i + 1), 'POST', '/api/order', {
              token: buyer.accessToken,
              body: orderBody([[choice, 1]]),
            }),
          ),
        );
        expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
        expect(answers.filter((answer) => answer.status === 409)).toHaveLength(15);
        expect(await stockInDb(choice)).toBe(0);
        const { rows } = await db.query<{ n: number }>(
          'select count(*)::int as n from product_size_stock where stock < 0',
        );
        expect(rows[0]!.n).toBe(0);
      });

      it('the refund worker runs in both processes and does each job once', async () => {
        const choice = choices[6]!;
        await setStockInDb(choice, 100);
        // Shoppers of their own, so each one's mail is hers alone.
        const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => signUpOn(shop(i))));
        // Ten orders paid through the simulator, each step on alternate processes.
        const orders = await Promise.all(
          buyers.map(async (buyer, i) => {
            const token = buyer.accessToken;
            const body = orderBody([[choice, 1]]);
            await fillCartOn(shop(i), token, body.items);
            const placed = await call(shop(i), 'POST', '/api/order', { token, body });
            expect(placed.status).toBe(201);
            const initiated = await call(shop(i + 1), 'POST', '/api/payments/initiate', {
              token,
              body: { orderId: placed.body.data.orderId, method: 'razorpay' },
            });
            expect(initiated.status).toBe(200);
            const paid = await call(shop(i), 'POST', '/api/payments/simulator/pay', {
              token,
              body: { razorpayOrderId: initiated.body.data.razorpayOrderId, outcome: 'success' },
            });
            expect(paid.status).toBe(200);
            const verified = await call(shop(i + 1), 'POST', '/api/payments/verify', {
              token,
              body: paid.body.data,
            });
            expect(verified.status).toBe(200);
            return {
              buyer,
              orderId: placed.body.data.orderId as string,
              orderNumber: placed.body.data.orderNumber as string,
            };
          }),
        );
        const ids = orders.map(({ orderId }) => orderId);

        // All ten cancelled at once, five through each process: every cancel owes a refund and
        // wakes its process's refund worker at once, while both workers' timers run besides.
        const cancels = await Promise.all(
          orders.map(({ buyer, orderId }, i) =>
            call(shop(i + 1), 'POST', `/api/order/${orderId}/cancel`, {
              token: buyer.accessToken,
              body: { reason: 'Changed my mind' },
            }),
          ),
        );
        expect(cancels.map((answer) => answer.status)).toEqual(Array(10).fill(200));
        expect(cancels.map((answer) => answer.body.data.paymentStatus)).toEqual(
          Array(10).fill('refund_pending'),
        );

        const refundRows = async () =>
          (
            await db.query<{ id: string; order_id: string; state: string }>(
              'select id, order_id, state from refunds where order_id = any($1)',
              [ids],
            )
          ).rows;
        const cancelMails = async () =>
          (await Promise.all([A, B].map((target) => readOutbox(`${target.dataDir}/outbox`))))
            .flat()
            .filter((mail) => mail.subject.endsWith(' has been cancelled'));
        const mailedOrders = async () => {
          const mails = await cancelMails();
          return orders.filter(({ orderNumber }) =>
            mails.some((mail) => mail.subject.includes(orderNumber)),
          ).length;
        };
        await until(
          'every refund processed and every cancellation mailed',
          async () =>
            (await refundRows()).filter((row) => row.state === 'processed').length === 10 &&
            (await mailedOrders()) === 10,
          15_000,
        );
        // Several job runs later, in both processes.
        await untilJobRuns([A, B], ['sendRefunds', 'deliverMail'], 4);

        const refunds = await refundRows();
        // One refund owed per order, each in its final state.
        expect(refunds.map((row) => row.order_id).sort()).toEqual([...ids].sort());
        for (const row of refunds) expect(row.state).toBe('processed');
        // The provider's own books (the simulator's): each refund asked for exactly once.
        const { rows: asked } = await db.query<{ receipt: string; n: number }>(
          `select receipt, count(*)::int as n from simulator_refunds
           where receipt = any($1) group by receipt`,
          [refunds.map((row) => row.id)],
        );
        expect(Object.fromEntries(asked.map((row) => [row.receipt, row.n]))).toEqual(
          Object.fromEntries(refunds.map((row) => [row.id, 1])),
        );
        const { rows: settled } = await db.query<{ status: string; payment_status: string }>(
          'select status, payment_status from orders where id = any($1)',
          [ids],
        );
        expect(settled).toEqual(
          Array(10).fill({ status: 'cancelled', payment_status: 'refunded' }),
        );

        // The cancellation mail tells each shopper of her refund: one each, to her.
        const mails = await cancelMails();
        for (const { buyer, orderNumber } of orders) {
          const hers = mails.filter((mail) => mail.subject.includes(orderNumber));
          expect(hers).toHaveLength(1);
          expect(hers[0]!.to).toContain(buyer.email);
          expect(hers[0]!.text).toContain('We have refunded');
        }
      });

      // Last in this group: it kills A.
      it('loses nothing when one process is killed during 100 checkouts: every order paid or cancelled, none paid twice', async () => {
        const choice = choices[5]!;
        const START = 1_000;
        await setStockInDb(choice, START);
        const run = randomBytes(4).toString('hex');
        let killedAfter = -1;
        let finished = 0;
        const outcomes: string[] = [];
        /** Payments B's simulator took: each owes a `payment.captured` webhook to B. */
        const takenOnB: string[] = [];

        /**
         * One request the way a load balancer sends it: to `preferred`, or to the other process
         * once the preferred one is known to be down. A request cut off by the kill is not
         * retried: that shopper gives up, leaving her order wherever it got to.
         */
        async function send(
          preferred: number,
          method: 'POST' | 'GET',
          path: string,
          options: Parameters<typeof call>[3],
        ): Promise<Answer & { by: ShopProcess }> {
          const target = shop(preferred).alive() ? shop(preferred) : shop(preferred + 1);
          return { ...(await call(target, method, path, options)), by: target };
        }

        async function checkout(i: number): Promise<string> {
          const buyer = shoppers[i % 20]!;
          const token = buyer.accessToken;
          const body = orderBody([[choice, 1]]);
          await fillCartOn(shop(i).alive() ? shop(i) : shop(i + 1), token, body.items);
          const placed = await send(i, 'POST', '/api/order', {
            token,
            body,
            headers: { 'idempotency-key': `crash-${run}-${i}` },
          });
          if (placed.status !== 201) return `place ${placed.status}`;
          const initiated = await send(i + 1, 'POST', '/api/payments/initiate', {
            token,
            body: { orderId: placed.body.data.orderId, method: 'razorpay' },
          });
          if (initiated.status !== 200) return `initiate ${initiated.status}`;
          const paid = await send(i, 'POST', '/api/payments/simulator/pay', {
            token,
            body: { razorpayOrderId: initiated.body.data.razorpayOrderId, outcome: 'success' },
          });
          if (paid.status !== 200) return `pay ${paid.status}`;
          if (paid.by === B) takenOnB.push(paid.body.data.razorpay_payment_id);
          const verified = await send(i + 1, 'POST', '/api/payments/verify', {
            token,
            body: paid.body.data,
          });
          return verified.status === 200 ? 'paid' : `verify ${verified.status}`;
        }

        // Twenty shoppers at once, each checking out one order after another (a new order from
        // her cart replaces her unpaid one before it).
        await Promise.all(
          Array.from({ length: 20 }, async (_, first) => {
            for (let i = first; i < 100; i += 20) {
              const outcome = await checkout(i).catch(
                (error: Error) => `cut off: ${error.message}`,
              );
              outcomes.push(outcome);
              finished += 1;
              if (finished === 40) {
                killedAfter = finished;
                signalShop(A, 'SIGKILL');
              }
            }
          }),
        );
        expect(killedAfter).toBe(40);
        expect(await A.exited).toBe('SIGKILL');
        expect(outcomes).toHaveLength(100);
        // The kill cut checkouts off midway, and the survivor took the rest.
        const tally = JSON.stringify(
          outcomes.reduce<Record<string, number>>((counts, outcome) => {
            const kind = outcome.startsWith('cut off') ? 'cut off' : outcome;
            counts[kind] = (counts[kind] ?? 0) + 1;
            return counts;
          }, {}),
        );
        expect(
          outcomes.some((outcome) => outcome.startsWith('cut off')),
          tally,
        ).toBe(true);
        expect(
          outcomes.filter((outcome) => outcome === 'paid').length,
          tally,
        ).toBeGreaterThanOrEqual(60);

        // Simulated webhooks still on their way land first (A's died with it; B's each reach
        // B's webhook and are recorded there); then the time to pay runs out for whatever was
        // left unpaid, and the survivor's sweep (every JOBS_INTERVAL_MS) cancels it.
        await until("every webhook B's simulator owes has landed", async () => {
          const { rows } = await db.query<{ n: number }>(
            `select count(*)::int as n from unnest($1::text[]) as taken(id)
             where not exists (select 1 from webhook_events w
               where w.event = 'payment.captured'
                 and w.payload->'payload'->'payment'->'entity'->>'id' = taken.id)`,
            [takenOnB],
          );
          return rows[0]!.n === 0;
        });
        const ofThisRun = `select o.id, o.status, o.payment_status from orders o
       where o.idempotency_key like 'crash-${run}-%'`;
        await db.query(
          `update orders set payment_due_at = now() - interval '1 second'
       where idempotency_key like $1 and payment_status <> 'paid' and status = 'pending'`,
          [`crash-${run}-%`],
        );
        await until(
          "the survivor's sweep settles every unpaid order of the run",
          async () => {
            const { rows } = await db.query(ofThisRun);
            return rows.every((row) => row.payment_status === 'paid' || row.status === 'cancelled');
          },
          15_000,
        );

        const { rows: orders } = await db.query(ofThisRun);
        expect(orders.length).toBeGreaterThanOrEqual(60);
        expect(orders.length).toBeLessThanOrEqual(100);
        const paidOrders = orders.filter(
          (row) => row.payment_status === 'paid' && row.status !== 'cancelled',
        );
        const cancelled = orders.filter(
          (row) => row.status === 'cancelled' && row.payment_status !== 'paid',
        );
        expect(paidOrders.length + cancelled.length).toBe(orders.length);
        // Stock back for every cancelled order, taken for every paid one: nothing lost, nothing twice.
        expect(await stockInDb(choice)).toBe(START - paidOrders.length);
        // No order has two captured payments standing; a cancelled order keeps no captured payment.
        const { rows: twice } = await db.query(
          `select order_id, count(*)::int as n from payments where status = 'paid'
       group by order_id having count(*) > 1`,
        );
        expect(twice).toEqual([]);
        const { rows: paidPerOrder } = await db.query(
          `select o.id, o.status, count(p.id) filter (where p.status = 'paid')::int as paid
       from orders o left join payments p on p.order_id = o.id
       where o.idempotency_key like $1 group by o.id, o.status`,
          [`crash-${run}-%`],
        );
        for (const row of paidPerOrder) {
          if (row.status !== 'cancelled') {
            expect(row.paid, `order ${row.id} (${row.status})`).toBe(1);
            continue;
          }
          // A payment that landed after its order was replaced or expired is owed back in full.
          const { rows: owed } = await db.query<{ n: number }>(
            `select count(*)::int as n from refunds where order_id = $1`,
            [row.id],
          );
          expect(owed[0]!.n, `order ${row.id} (cancelled)`).toBe(row.paid);
        }
      }, 90_000);
    });

    describe('three processes started at once on a fresh database', () => {
      const started: ShopProcess[] = [];
      let drop = async () => {};

      afterAll(async () => {
        await Promise.all(started.map((shop) => stopShop(shop, 'SIGKILL')));
        await drop();
      });

      printOutputOnFailure(() => started);

      it('all come up and serve the one catalogue, seeded once', async () => {
        const scratch = (await createScratchDatabase('three_processes'))!;
        drop = scratch.drop;
        started.push(
          ...(await Promise.all(['C', 'D', 'E'].map((name) => spawnShop(name, scratch.url)))),
        );
        const health = await Promise.allSettled(started.map((shop) => waitHealthy(shop)));
        const failed = health.flatMap((result, i) =>
          result.status === 'rejected' ? [`shop ${started[i]!.name} did not come up`] : [],
        );
        expect(failed).toEqual([]);
        const counts = await Promise.all(
          started.map(async (shop) => {
            const answer = await call(shop, 'GET', '/api/product/products?limit=1');
            expect(answer.status).toBe(200);
            return answer.body.data.total as number;
          }),
        );
        // One catalogue, seeded once: every process counts the same, and not three times over.
        const admin = new pg.Client({ connectionString: scratch.url });
        await admin.connect();
        try {
          const { rows } = await admin.query<{ n: number }>(
            'select count(*)::int as n from products',
          );
          expect(rows[0]!.n).toBeGreaterThan(0);
          expect(counts).toEqual([rows[0]!.n, rows[0]!.n, rows[0]!.n]);
        } finally {
          await admin.end();
        }
      }, 120_000);
    });
  },
);
