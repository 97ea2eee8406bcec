/**
 * The one poller of the API tests: no fixed sleeps, a test waits for what it can observe. Its
 * deadline is generous, since a loaded machine (two cores shared by several runs) answers slowly;
 * a condition that holds ends the wait at once, so only a failing test pays for it.
 */
export const POLL_TIMEOUT_MS = 15_000;

/** Waits for `check` to hold, polling every 50 ms; throws naming `what` after `timeoutMs`. */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = POLL_TIMEOUT_MS,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
