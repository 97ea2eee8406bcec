import {
  ordersDeskQuery,
  type OrdersDeskQuery,
  type OrdersDeskQueryInput,
} from '@shop/contracts/orders-desk';

/** The desk's filters live in the URL; blank fields are left out, as the server reads them. */
export function deskQueryFromParams(params: URLSearchParams): {
  query: OrdersDeskQuery;
  problem: string | null;
} {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value.trim() !== '') raw[key] = value;
  const parsed = ordersDeskQuery.safeParse(raw);
  if (parsed.success) return { query: parsed.data, problem: null };
  return {
    query: ordersDeskQuery.parse({}),
    problem: parsed.error.issues[0]?.message ?? 'Invalid filters',
  };
}

/** The URL parameters of a query: defaults and blanks left out, so links stay short. */
export function paramsOfDeskQuery(query: OrdersDeskQueryInput): URLSearchParams {
  const params = new URLSearchParams();
  const defaults = ordersDeskQuery.parse({});
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === null) continue;
    if (defaults[key as keyof typeof defaults] === value && key !== 'q') continue;
    params.set(key, String(value));
  }
  return params;
}
