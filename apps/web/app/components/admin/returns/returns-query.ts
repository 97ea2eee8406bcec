import { returnsDeskQuery, type ReturnsDeskQuery } from '@shop/contracts/returns-desk';

/** The filters live in the URL; blank fields are left out, as the server reads them. */
export function returnsQueryFromParams(params: URLSearchParams): {
  query: ReturnsDeskQuery;
  problem: string | null;
} {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value.trim() !== '') raw[key] = value;
  const parsed = returnsDeskQuery.safeParse(raw);
  if (parsed.success) return { query: parsed.data, problem: null };
  return {
    query: returnsDeskQuery.parse({}),
    problem: parsed.error.issues[0]?.message ?? 'Invalid filter',
  };
}
