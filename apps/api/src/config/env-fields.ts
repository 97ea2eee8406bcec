/**
 * How the configuration reads a variable's text: unset and blank alike, whole numbers within
 * bounds, 1/0 flags, comma-separated lists and TRUST_PROXY's forms, each refusal naming the
 * variable. Also the secrets generated into DATA_DIR when none is set.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';

/** The shortest secret accepted (JWT_SECRET) or kept from DATA_DIR. */
export const MIN_SECRET_LENGTH = 32;

/** Unset and empty are the same: a variable left blank in a unit file means "use the default". */
export const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

export const whole = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number`)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, `${name} must be at least ${min}`)
          .max(max, `${name} must be at most ${max}`),
      )
      .optional(),
  );

export const flag = (name: string) =>
  optionalText.pipe(
    z
      .enum(['1', '0', 'true', 'false'], { error: `${name} must be 1 or 0` })
      .transform((value) => value === '1' || value === 'true')
      .optional(),
  );

export const list = optionalText.transform((value) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** proxy-addr's names for loopback and private networks, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.has(item)) return true;
  const [address = '', bits, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const proxyItems = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Fastify's forms: `false`/`0`, a number of proxy hops, or a comma-separated list of proxy
 * addresses and CIDR ranges; `true` too, refused in production (see crossProblems).
 */
export const trustProxySetting = optionalText.pipe(
  z
    .string()
    .refine(
      (value) =>
        /^(true|false|\d{1,2})$/i.test(value) ||
        (proxyItems(value).length > 0 && proxyItems(value).every(isProxyAddress)),
      {
        error: (issue) =>
          `TRUST_PROXY must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges; "${proxyItems(String(issue.input)).find((item) => !isProxyAddress(item)) ?? String(issue.input)}" is none of these`,
      },
    )
    .transform((value): boolean | number | string[] => {
      const lower = value.toLowerCase();
      if (lower === 'true') return true;
      if (lower === 'false') return false;
      if (/^\d+$/.test(value)) return Number(value) || false;
      return proxyItems(value);
    })
    .optional(),
);

/** A random secret generated into DATA_DIR once and reused across restarts. */
export function storedSecret(dataDir: string, name: string, bytes = 32): string {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(bytes).toString('base64url');
  writeFileSync(file, generated + '\n', { mode: 0o600 });
  return generated;
}
