import type { LoginInput, SignupInput } from '@shop/contracts/auth';

/** A failed call: the server's message, else 'HTTP error! status: {code}', else 'Network error'. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The form field the server's refusal belongs to, when it names one. */
    readonly field?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

export interface ListQuery {
  page?: number;
  limit?: number;
  price?: string;
  size?: string;
  /** With `size`: products in stock in a sister size match too. */
  sisterSizes?: boolean;
  color?: string;
  tag?: string;
  sort?: string;
  /** An offer's slug: only the products the offer applies to. */
  offer?: string;
}

type Query = Record<string, string | number | boolean | undefined | null>;

/** `?key=value&...` of the values given (blank, null and undefined ones left out). */
export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * An answer's contract: a schema from `@shop/contracts` that checks what the server sent and
 * types it (zod's `parse`). Every call takes one, so the type of an answer comes from its schema
 * and an answer that breaks it is refused here rather than on a shopper's page.
 */
export interface AnswerSchema<T> {
  parse: (answer: unknown) => T;
}

/**
 * A contract given as is (the back office, whose pages import their schemas), or loaded when
 * its call is made (`() => import(...)`): the shell and the shopper's pages keep zod out of the
 * JavaScript a first visit loads, and a schema loads with the first call that needs it.
 */
export type AnswerContract<T> = AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);

/** A contract loaded on first use: `lazyContract(() => import('@shop/contracts/cart'), (m) => m.cartResponse)`. */
export function lazyContract<M, T>(
  load: () => Promise<M>,
  pick: (module: M) => AnswerSchema<T>,
): () => Promise<AnswerSchema<T>> {
  return async () => pick(await load());
}

// The contracts of the shared client's calls: one module, loaded on the first call (see
// AnswerContract); `answer('cartResponse')` is its contract of that name.
const answers = () => import('../shell-answers');
const answer =
  <K extends keyof Awaited<ReturnType<typeof answers>>>(key: K) =>
  async () =>
    (await answers())[key];

/**
 * Checks an answer with its contract; an answer the contract refuses becomes the call's own
 * message (it carries none for the shopper), with the contract's complaint as the cause.
 */
export async function parseAnswer<T>(
  contract: AnswerContract<T>,
  answer: unknown,
  fallback: string,
  status: number,
): Promise<T> {
  try {
    // A contract's script that did not arrive (the shopper went offline) fails the call alike.
    const schema = typeof contract === 'function' ? await contract() : contract;
    return schema.parse(answer);
  } catch (problem) {
    throw new ApiError(fallback, status, undefined, { cause: problem });
  }
}

/** What a refusal may carry (`{ success: false, message, field? }`); an answer's data is its contract's. */
interface Failure {
  success?: boolean;
  message?: string;
  field?: string;
}

/** One line as Add To Cart sends it (sizes in lower case). */
export interface CartLineRequest {
  quantity: number;
  size: string;
  color: { colorName: string; colorHex: string };
  selectedImage: string;
}

export interface ApiClientOptions {
  /** In the browser, window.fetch; on the server, the in-process fetch from the load context. */
  fetch?: typeof fetch;
  /** Bearer token of a signed-in shopper. */
  token?: string | null;
}

/**
 * One typed client for the API calls that any page may make (catalogue, accounts, cart, wishlist,
 * content), used by loaders on the server and by components in the browser. `fallback` is the
 * message for the failure of that call, for failures that carry no message of their own.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  /** One request; its answer is what `contract` makes of it (`{ success, data, message }`). */
  async function call<T>(
    path: string,
    fallback: string,
    init: RequestInit,
    contract: AnswerContract<T>,
  ): Promise<T> {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    if (options.token) headers.set('authorization', `Bearer ${options.token}`);
    let response: Response;
    try {
      response = await doFetch(`/api${path}`, { ...init, headers });
    } catch {
      throw new ApiError('Network error', 0);
    }
    // Any JSON (or none): only the refusal's fields are read here, the rest by the contract.
    let body: Failure | undefined;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (!response.ok || body?.success === false) {
      const message =
        body?.message || (response.ok ? fallback : `HTTP error! status: ${response.status}`);
      throw new ApiError(message, response.status, body?.field);
    }
    return parseAnswer(contract, body, fallback, response.status);
  }

  /** A read answering its data. */
  const data = async <T>(path: string, fallback: string, contract: AnswerContract<{ data: T }>) =>
    (await call(path, fallback, {}, contract)).data;

  /** A call with a JSON body, answering data and the server's message. */
  async function send<T extends { data: unknown; message: string }>(
    contract: AnswerContract<T>,
    method: string,
    path: string,
    fallback: string,
    body?: unknown,
  ): Promise<{ data: T['data']; message: string }> {
    const answer = await call(
      path,
      fallback,
      { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
      contract,
    );
    return { data: answer.data, message: answer.message };
  }

  /**
   * A call answering a file (the back office's PDFs): its bytes as a Blob; a failure answers the
   * server's JSON message as any other call does.
   */
  async function file(method: string, path: string, fallback: string, body?: unknown) {
    const headers = new Headers({ accept: 'application/pdf, application/json' });
    if (body !== undefined) headers.set('content-type', 'application/json');
    if (options.token) headers.set('authorization', `Bearer ${options.token}`);
    let response: Response;
    try {
      response = await doFetch(`/api${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new ApiError('Network error', 0);
    }
    if (!response.ok) {
      const failure: Failure | undefined = await response.json().catch(() => undefined);
      throw new ApiError(
        failure?.message || `HTTP error! status: ${response.status}`,
        response.status,
      );
    }
    try {
      return await response.blob();
    } catch {
      throw new ApiError(fallback, response.status);
    }
  }

  /**
   * Sends a file as multipart/form-data (field `file`), reporting the share sent (0 to 1) as it
   * goes: fetch cannot tell upload progress, XMLHttpRequest can. Answers the data, parsed with
   * its contract; a failure answers the server's message as any other call does.
   */
  function upload<T>(
    path: string,
    fallback: string,
    contract: AnswerContract<{ data: T }>,
    body: Blob,
    filename: string,
    onProgress?: (sent: number) => void,
  ): Promise<T> {
    const form = new FormData();
    form.append('file', body, filename);
    return new Promise<unknown>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `/api${path}`);
      request.setRequestHeader('accept', 'application/json');
      if (options.token) request.setRequestHeader('authorization', `Bearer ${options.token}`);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      request.onerror = () => reject(new ApiError('Network error', 0));
      request.onload = () => {
        let answer: Failure | undefined;
        try {
          answer = JSON.parse(request.responseText);
        } catch {
          answer = undefined;
        }
        if (request.status >= 200 && request.status < 300 && answer?.success !== false) {
          resolve(answer);
        } else {
          reject(new ApiError(answer?.message || fallback, request.status));
        }
      };
      request.send(form);
    }).then(async (body) => (await parseAnswer(contract, body, fallback, 200)).data);
  }

  return {
    /**
     * The transport itself, for the calls kept beside the pages that make them (orders,
     * payments, the back office's screens): the home page does not load their code.
     */
    call,
    data,
    send,
    file,
    upload,

    // ----- catalogue -----
    listProducts: (query: ListQuery = {}) =>
      data(
        `/product/products${queryString({ ...query })}`,
        'Failed to fetch products',
        answer('productListResponse'),
      ),
    searchProducts: (q: string, query: ListQuery = {}) =>
      data(
        `/product/search${queryString({ q, ...query })}`,
        'Failed to search products',
        answer('productListResponse'),
      ),
    getProduct: (id: string) =>
      data(
        `/product/${encodeURIComponent(id)}`,
        'Failed to fetch product',
        answer('productResponse'),
      ),
    listProductsByCategory: (categoryId: string, query: ListQuery = {}) =>
      data(
        `/product/category/${encodeURIComponent(categoryId)}${queryString({ ...query })}`,
        'Failed to fetch products by category',
        answer('productListResponse'),
      ),
    listProductsBySubcategory: (
      subcategoryId: string,
      query: ListQuery & { isActive?: boolean } = {},
    ) =>
      data(
        `/product/subcategory/${encodeURIComponent(subcategoryId)}${queryString({ isActive: true, ...query })}`,
        'Failed to fetch products by subcategory',
        answer('productListResponse'),
      ),
    getColorSizes: (productId: string, colorName: string) =>
      data(
        `/product/${encodeURIComponent(productId)}/colors/${encodeURIComponent(colorName)}/sizes`,
        'Failed to fetch available sizes',
        answer('colorSizesResponse'),
      ),
    featuredProducts: () =>
      data(
        '/product/featured',
        'Failed to fetch featured products',
        answer('featuredProductsResponse'),
      ),
    listCategories: () =>
      data('/category', 'Failed to fetch categories', answer('categoryListResponse')),
    searchCategories: (q: string) =>
      data(
        `/category/search${queryString({ q })}`,
        'Failed to search categories',
        answer('categoryListResponse'),
      ),
    listSubcategories: (q?: string) =>
      data(
        `/sub-category${queryString({ q })}`,
        'Failed to fetch subcategories',
        answer('subcategoryListResponse'),
      ),

    // ----- accounts -----
    signup: (input: SignupInput) =>
      send(answer('authSessionResponse'), 'POST', '/auth/signup', 'Registration failed', input),
    login: (input: LoginInput) =>
      send(answer('authSessionResponse'), 'POST', '/auth/login', 'Login failed', input),
    profile: () => data('/auth/profile', 'Failed to fetch profile', answer('userResponse')),
    refresh: (refreshToken: string) =>
      send(answer('authSessionResponse'), 'POST', '/auth/refresh', 'Token refresh failed', {
        refreshToken,
      }),
    logout: (refreshToken: string | null) =>
      send(
        answer('messageResponse'),
        'POST',
        '/auth/logout',
        'Logout failed',
        refreshToken ? { refreshToken } : {},
      ),
    googleSignIn: (code: string, redirectUri: string) =>
      send(answer('authSessionResponse'), 'POST', '/auth/google', 'Google authentication failed', {
        code,
        redirectUri,
      }),

    // ----- cart (signed in) -----
    getCart: () => data('/cart', 'Failed to fetch cart', answer('cartResponse')),
    addToCart: (line: CartLineRequest & { product: string }) =>
      send(answer('cartResponse'), 'POST', '/cart', 'Failed to add item to cart', line),
    updateCartItem: (itemId: string, quantity: number) =>
      send(
        answer('cartResponse'),
        'PUT',
        `/cart/item/${encodeURIComponent(itemId)}`,
        'Failed to update item quantity',
        { quantity },
      ),
    removeFromCart: (productId: string, size: string, colorName: string) =>
      send(
        answer('cartResponse'),
        'DELETE',
        `/cart/product/${encodeURIComponent(productId)}${queryString({ size, colorName })}`,
        'Failed to remove item from cart',
      ),
    clearCart: () => send(answer('cartResponse'), 'DELETE', '/cart/clear', 'Failed to clear cart'),
    mergeCart: (sessionId: string) =>
      send(answer('cartResponse'), 'POST', '/cart/merge', 'Failed to merge cart', { sessionId }),
    applyDiscount: (code: string, type: 'coupon' | 'voucher' = 'coupon') =>
      send(answer('cartResponse'), 'POST', '/cart/apply-discount', 'Failed to apply discount', {
        code,
        type,
      }),
    removeDiscount: (type: 'coupon' | 'voucher' | 'all' = 'all') =>
      send(answer('cartResponse'), 'DELETE', '/cart/remove-discount', 'Failed to remove discount', {
        type,
      }),

    // ----- wishlist -----
    getWishlist: () => data('/wishlist', 'Failed to fetch wishlist', answer('wishlistResponse')),
    toggleWishlist: (productId: string) =>
      send(
        answer('wishlistToggleResponse'),
        'POST',
        '/wishlist/toggle',
        'Failed to add to wishlist',
        { productId },
      ),
    moveWishlistItemToCart: (
      productId: string,
      line: {
        quantity?: number;
        size?: string;
        colorName?: string;
        colorHex?: string;
        selectedImage?: string;
      } = {},
    ) =>
      send(
        answer('moveToCartResponse'),
        'POST',
        `/wishlist/move-to-cart/${encodeURIComponent(productId)}`,
        'Failed to move item to cart',
        line,
      ),
    clearWishlist: () =>
      send(answer('wishlistResponse'), 'DELETE', '/wishlist/clear', 'Failed to clear wishlist'),

    // ----- cart (guest) -----
    getGuestCart: (sessionId: string) =>
      data(
        `/cart/guest/${encodeURIComponent(sessionId)}`,
        'Failed to fetch cart',
        answer('cartResponse'),
      ),
    addToGuestCart: (sessionId: string, productId: string, line: CartLineRequest) =>
      send(
        answer('cartResponse'),
        'POST',
        `/cart/guest/${encodeURIComponent(sessionId)}/product/${encodeURIComponent(productId)}`,
        'Failed to add item to cart',
        line,
      ),
    updateGuestCartItem: (sessionId: string, itemId: string, quantity: number) =>
      send(
        answer('cartResponse'),
        'PUT',
        `/cart/guest/${encodeURIComponent(sessionId)}/item/${encodeURIComponent(itemId)}`,
        'Failed to update item quantity',
        { quantity },
      ),
    removeFromGuestCart: (sessionId: string, productId: string, size: string, colorName: string) =>
      send(
        answer('cartResponse'),
        'DELETE',
        `/cart/guest/${encodeURIComponent(sessionId)}/product/${encodeURIComponent(productId)}${queryString({ size, colorName })}`,
        'Failed to remove item from cart',
      ),

    // ----- content -----
    listBlogs: () => data('/blog', 'Failed to fetch blogs', answer('blogListResponse')),
    listBanners: () => data('/banner', 'Failed to fetch banners', answer('bannerListResponse')),
    listMobileBanners: () =>
      data('/mobile-banner', 'Failed to fetch banners', answer('bannerListResponse')),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The client a loader uses: in-process on the server. */
export function serverApi(context: { apiFetch: typeof fetch }): ApiClient {
  return createApiClient({ fetch: context.apiFetch });
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
