import { adminDiscountsQuery, type AdminDiscountsQuery } from '@shop/contracts/admin-discounts';

/** The filters live in the URL; blank fields are left out, as the server reads them. */
export function discountsQueryFromParams(params: URLSearchParams): {
  query: AdminDiscountsQuery;
  problem: string | null;
} {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value.trim() !== '' && key !== 'trail') raw[key] = value;
  const parsed = adminDiscountsQuery.safeParse(raw);
  if (parsed.success) return { query: parsed.data, problem: null };
  return {
    query: adminDiscountsQuery.parse({}),
    problem: parsed.error.issues[0]?.message ?? 'Invalid filters',
  };
}
