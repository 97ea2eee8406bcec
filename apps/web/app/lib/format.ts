import { formatRupees, percentOff } from '@shop/domain/money';

export { percentOff };

/** ₹1,23,456 — Indian digit grouping, paise only when there are some. */
export const formatPrice = (rupees: number) => formatRupees(rupees);

/** 'March 3, 2026' — the blog list's en-US long date. */
export const formatBlogDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** The brief's slug: lower-cased name with spaces as hyphens. */
export { slugify } from '@shop/domain/catalogue';
