import { adminBlogQuery, type AdminBlogQuery } from '@shop/contracts/blog-admin';

/** The filters live in the URL; blank fields are left out, as the server reads them. */
export function blogQueryFromParams(params: URLSearchParams): {
  query: AdminBlogQuery;
  problem: string | null;
} {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) if (value.trim() !== '' && key !== 'trail') raw[key] = value;
  const parsed = adminBlogQuery.safeParse(raw);
  if (parsed.success) return { query: parsed.data, problem: null };
  return {
    query: adminBlogQuery.parse({}),
    problem: parsed.error.issues[0]?.message ?? 'Invalid filters',
  };
}
