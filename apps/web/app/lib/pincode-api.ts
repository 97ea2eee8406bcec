// The PIN check's call, loaded with import() when a PIN is first checked. The answer is read
// with a hand-written check rather than the contract's zod schema: importing zod here, even
// lazily, moved zod into the storefront's shared chunk (+11 KB gzipped on every page).
import type { PincodeAnswer } from '@shop/contracts/pincodes';

export type PincodeCheck =
  | { kind: 'found'; answer: PincodeAnswer }
  | { kind: 'unknown'; message: string }
  | { kind: 'failed' };

/** Asks the shop about a PIN: its place, the courier's service and the dates. */
export async function checkPincode(pin: string, signal?: AbortSignal): Promise<PincodeCheck> {
  try {
    const response = await fetch(`/api/pincode/${encodeURIComponent(pin)}`, {
      headers: { accept: 'application/json' },
      signal,
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status === 404) {
      const message = (body as { message?: unknown } | undefined)?.message;
      return { kind: 'unknown', message: typeof message === 'string' ? message : '' };
    }
    const answer = (body as { data?: unknown } | undefined)?.data;
    return response.ok && isPincodeAnswer(answer) ? { kind: 'found', answer } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isDate = (value: unknown) => isText(value) && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The contract's shape (`pincodeAnswer`), checked field by field. */
export function isPincodeAnswer(value: unknown): value is PincodeAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  const estimate = answer.estimate as Record<string, unknown> | null | undefined;
  return (
    [answer.pinCode, answer.city, answer.district, answer.state].every(isText) &&
    typeof answer.serviceable === 'boolean' &&
    typeof answer.cod === 'boolean' &&
    (estimate === null ||
      (typeof estimate === 'object' && isDate(estimate?.from) && isDate(estimate?.to)))
  );
}
