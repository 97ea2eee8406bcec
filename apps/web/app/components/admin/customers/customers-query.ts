import { customersDeskQuery, type CustomersDeskQuery } from '@shop/contracts/customers-desk';

/** The search lives in the URL; blank fields are left out, as the server reads them. */
export function customersQueryFromParams(params: URLSearchParams): {
  query: CustomersDeskQuery;
  problem: string | null;
} {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value.trim() !== '') raw[key] = value;
  const parsed = customersDeskQuery.safeParse(raw);
  if (parsed.success) return { query: parsed.data, problem: null };
  return {
    query: customersDeskQuery.parse({}),
    problem: parsed.error.issues[0]?.message ?? 'Invalid search',
  };
}
