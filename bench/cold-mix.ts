/**
 * The cold read mix: catalogue requests that differ on every call, as shoppers' own searches,
 * filters, sorts and pages do, so no answer can come from a cache.
 */
import type autocannon from 'autocannon';

const SORTS = ['recommended', 'price-asc', 'price-desc', 'newest'];
const PRICES = ['', '0-500', '500-1000', '1000-2000', '2000-5000', '5000+'];
const SIZES = ['', '', '32B', '34B', '34C', '36C', '38D', 'S', 'M', 'L', 'XL', 'Free Size'];
const COLORS = ['', '', '', 'Black', 'Nude', 'Blush Pink', 'Wine', 'Navy', 'Ivory'];
const TAGS = ['', '', '', 'lace', 'cotton', 'padded', 'wire-free', 'bestseller'];
const SEARCHES = [
  'lace', 'bra', 'nighty', 'nightie', 'panty', 'panties', 'cotton', 'padded bra', 'sports bra',
  'bralette', 'black', 't-shirt bra', 'satin', 'maternity', 'hipster', 'camisole', 'pyjama',
  'wire free', 'push up', 'pink', 'shorts', 'lotion', 'brallete', 'sports bra 34B', 'night suit',
  'strapless', 'seamless', 'blush pink lace', 'gift', 'silk', 'boyshorts', 'minimiser',
]; // prettier-ignore

export interface CatalogueFacts {
  categoryIds: string[];
  subcategoryIds: string[];
  productIds: string[];
}

/** Ids the mix needs, read through the public API of the shop at `base`. */
export async function readCatalogueFacts(base: string): Promise<CatalogueFacts> {
  const json = async (path: string) => ((await (await fetch(`${base}${path}`)).json()) as any).data;
  const categories = (await json('/api/category')) as { _id: string }[];
  const subcategories = (await json('/api/subcategory')) as { _id: string }[];
  const productIds: string[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const list = await json(`/api/product/products?limit=100&page=${page}`);
    productIds.push(...(list.products as { _id: string }[]).map((product) => product._id));
    if (page >= list.pages) break;
  }
  return {
    categoryIds: categories.map((row) => row._id),
    subcategoryIds: subcategories.map((row) => row._id),
    productIds,
  };
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)]!;
}

function query(params: Record<string, string | number>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== '') search.set(key, String(value));
  return search.toString();
}

/** The three cold requests: each call of `path()` answers a different URL. */
export function coldMixRequests(facts: CatalogueFacts) {
  let calls = 0;
  // Deterministic, so runs are comparable.
  let state = 12345;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const listPath = () => {
    calls += 1;
    const scope = random();
    const base =
      scope < 0.3
        ? '/api/product/products'
        : scope < 0.6
          ? `/api/product/category/${pick(facts.categoryIds, random)}`
          : `/api/product/subcategory/${pick(facts.subcategoryIds, random)}`;
    return `${base}?${query({
      sort: pick(SORTS, random),
      price: pick(PRICES, random),
      size: pick(SIZES, random),
      color: pick(COLORS, random),
      tag: pick(TAGS, random),
      page: 1 + Math.floor(random() * random() * 8),
      limit: 12,
    })}`;
  };
  const searchPath = () => {
    calls += 1;
    return `/api/product/search?${query({
      q: pick(SEARCHES, random),
      sort: random() < 0.7 ? 'recommended' : pick(SORTS, random),
      page: 1 + Math.floor(random() * random() * 4),
      limit: 12,
    })}`;
  };
  const productPath = () => {
    calls += 1;
    return `/api/product/${facts.productIds[calls % facts.productIds.length]}`;
  };
  const request = (path: () => string): autocannon.Request => ({
    method: 'GET',
    setupRequest: (request) => ({ ...request, path: path() }),
  });
  return {
    'list (filters, sort, page vary)': request(listPath),
    'search (query varies)': request(searchPath),
    'product by id (id varies)': request(productPath),
  };
}
