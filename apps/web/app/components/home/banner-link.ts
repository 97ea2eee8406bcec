/** Where a click on a home page banner goes. */
export interface BannerHref {
  href: string;
  /** Opens in a new tab (another site). */
  external: boolean;
}

const ABSOLUTE_URL = /^https?:\/\//i;
// 'www.example.in', 'lacebloom.in/sale', 'shop.example.co.in:8080?x=1': a host with a dot and a
// letters-only top-level domain, before any path, query or fragment.
const BARE_DOMAIN = /^(www\.[^\s/?#]+|[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?)([/?#]\S*)?$/i;

/**
 * http(s) addresses open as they are in a new tab; a bare domain-like or www address opens in a new
 * tab with https:// added; anything else is a path in this shop, with a leading slash added.
 */
export function bannerHref(link: string): BannerHref {
  const text = link.trim();
  if (ABSOLUTE_URL.test(text)) return { href: text, external: true };
  if (BARE_DOMAIN.test(text)) return { href: `https://${text}`, external: true };
  // Leading slashes collapse to one, so '//other.site' cannot become a protocol-relative address.
  return { href: `/${text.replace(/^\/+/, '')}`, external: false };
}
