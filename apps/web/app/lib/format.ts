import { formatMoney, percentOff, rupeesToPaise } from '@shop/domain/money';

export { percentOff };

// The API answers rupees; they become paise here, at the edge, and the domain writes them.

/** Cart, checkout and order figures: ₹1,708.20, always two decimals. */
export const formatAmount = (rupees: number) => formatMoney(rupeesToPaise(rupees));

/** Catalogue price tags: ₹1,299 on whole rupees, ₹1,299.50 otherwise. */
export const formatPrice = (rupees: number) =>
  formatMoney(rupeesToPaise(rupees), { trimZeroPaise: true });

/** 'March 3, 2026' — the blog list's en-US long date. */
export const formatBlogDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** The catalogue's slug: lower-cased name with spaces as hyphens. */
export { slugify } from '@shop/domain/catalogue';
