/** What the Fastify server hands every loader (see apps/api/src/storefront.ts). */
export interface ShopLoadContext {
  /** This response's CSP nonce. */
  nonce: string;
  /** fetch() for '/api/...' paths, answered in-process by the API without a network hop. */
  apiFetch: typeof fetch;
  /**
   * The access token of the shopper asking for this page, found by her httpOnly session cookie;
   * undefined when signed out. For this request's loaders only: it is never sent to the browser.
   */
  pageSession: () => Promise<string | undefined>;
  /** The shop's public origin, for canonical URLs, Open Graph tags and the sitemap. */
  publicUrl: string;
  /** The payment simulator runs in production: every page says no money is taken. */
  testPayments: boolean;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ShopLoadContext {}
}
