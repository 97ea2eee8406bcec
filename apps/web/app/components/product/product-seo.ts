import type { Product } from '@shop/contracts/catalogue';
import { mediaUrl } from '../../lib/media';

/** Search engines cut descriptions near 160 characters; cut on our side so it ends cleanly. */
const DESCRIPTION_LIMIT = 160;
/** Social cards and rich results want a large image. */
const SHARE_IMAGE_WIDTH = 1200;

export const productPath = (productId: string) => `/product/${productId}`;

/** Every image of the product: the product's own list, else its colours' pictures. */
export function productImages(product: Pick<Product, 'images' | 'colors'>): string[] {
  return product.images.length > 0
    ? product.images
    : product.colors.flatMap((color) => color.images);
}

/** The subheading, else the start of the description, at most 160 characters. */
export function productSummary(product: Pick<Product, 'subheading' | 'description'>): string {
  const text = (product.subheading.trim() || product.description.trim()).replace(/\s+/g, ' ');
  if (text.length <= DESCRIPTION_LIMIT) return text;
  const cut = text.slice(0, DESCRIPTION_LIMIT - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

const absolute = (publicUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${publicUrl}${path}`;

/** An image as an absolute URL at share size, for Open Graph and JSON-LD. */
export const absoluteImageUrl = (publicUrl: string, src: string) =>
  absolute(publicUrl, mediaUrl(src, SHARE_IMAGE_WIDTH));

/**
 * The Product's node id in the page's JSON-LD: the reviews' block, streamed in later, names the
 * same product by it.
 */
export const productJsonLdId = (publicUrl: string, productId: string) =>
  `${absolute(publicUrl, productPath(productId))}#product`;

/** The schema.org Product block for rich results. */
export function productJsonLd(product: Product, publicUrl: string) {
  const url = absolute(publicUrl, productPath(product._id));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': productJsonLdId(publicUrl, product._id),
    name: product.name,
    image: productImages(product).map((src) => absoluteImageUrl(publicUrl, src)),
    description: product.description || product.subheading,
    brand: { '@type': 'Brand', name: product.brand },
    sku: product._id,
    category: product.subcategoryName ?? product.categoryName,
    offers: {
      '@type': 'Offer',
      priceCurrency: 'INR',
      price: product.price,
      availability: product.inStock
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      url,
    },
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * JSON for a <script> element: '<' escaped so no text in the data can close the element early.
 */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Title, description, canonical link and Open Graph tags of a product page. */
export function productMeta(product: Product, publicUrl: string) {
  const url = absolute(publicUrl, productPath(product._id));
  const description = productSummary(product);
  const image = productImages(product)[0];
  return [
    { title: `${product.name} | Lacebloom` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: 'Lacebloom' },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: product.name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: absoluteImageUrl(publicUrl, image) },
          { property: 'og:image:alt', content: product.name },
        ]
      : []),
    { property: 'product:price:amount', content: String(product.price) },
    { property: 'product:price:currency', content: 'INR' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}
