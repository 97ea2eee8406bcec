import type { Route } from './+types/sitemap';
import { serverApi } from '../lib/api-client';
import { categoryPath, subcategoryPath, buildNavigation } from '../lib/navigation';

const staticPaths = [
  '/',
  '/products/all',
  '/blogs',
  '/about',
  '/contact',
  '/faq',
  '/size-guide',
  '/return-refund-policy',
  '/shipping-policy',
  '/terms-and-conditions',
  '/privacy-policy',
];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every catalogue page a search engine should know: static pages, categories, products. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [categories, subcategories] = await Promise.all([
    api.listCategories(),
    api.listSubcategories(),
  ]);
  const navigation = buildNavigation(categories, subcategories);
  const products = [];
  for (let page = 1; ; page += 1) {
    const list = await api.listProducts({ page, limit: 100 });
    products.push(...list.products);
    if (page >= list.pages) break;
  }
  const entries = [
    ...staticPaths.map((path) => ({ path, lastmod: undefined as string | undefined })),
    ...navigation.flatMap((category) => [
      { path: categoryPath(category), lastmod: undefined },
      ...category.subcategories.map((subcategory) => ({
        path: subcategoryPath(category, subcategory),
        lastmod: undefined,
      })),
    ]),
    ...products.map((product) => ({
      path: `/product/${product._id}`,
      lastmod: product.createdAt.slice(0, 10),
    })),
  ];
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries
      .map(
        (entry) =>
          `  <url><loc>${escapeXml(context.publicUrl + entry.path)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
      )
      .join('\n') +
    '\n</urlset>\n';
  return new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
}
