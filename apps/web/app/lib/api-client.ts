import type {
  Category,
  FeaturedCard,
  Product,
  ProductList,
  SizeStock,
  Subcategory,
} from '@shop/contracts/catalogue';
import type { Banner, Blog } from '@shop/contracts/content';
import type { Cart, CartDetails, CartValidation, Wishlist } from '@shop/contracts/cart';
import type { AuthSession, LoginInput, SignupInput, User } from '@shop/contracts/auth';

/** A failed call: the server's message, else 'HTTP error! status: {code}', else 'Network error'. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The form field the server's refusal belongs to, when it names one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ListQuery {
  page?: number;
  limit?: number;
  price?: string;
  size?: string;
  color?: string;
  tag?: string;
  sort?: string;
}

export interface Paged<T> {
  data: T[];
  totalPages: number;
  currentPage: number;
  total: number;
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
 * types it (zod's `parse`). Taken from the caller, so a contract is bundled with the pages that
 * make its calls rather than with this client, which every page loads.
 */
export interface AnswerSchema<T> {
  parse: (answer: unknown) => T;
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

  async function call<T>(
    path: string,
    fallback: string,
    init: RequestInit = {},
    schema?: AnswerSchema<T>,
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
    let body: { success?: boolean; data?: unknown; message?: string; field?: string } | undefined;
    try {
      body = (await response.json()) as typeof body;
    } catch {
      body = undefined;
    }
    if (!response.ok || body?.success === false) {
      const message =
        body?.message || (response.ok ? fallback : `HTTP error! status: ${response.status}`);
      throw new ApiError(message, response.status, body?.field);
    }
    if (!schema) return body as T;
    try {
      return schema.parse(body);
    } catch {
      // An answer its contract refuses carries no message for the shopper: the call's own.
      throw new ApiError(fallback, response.status);
    }
  }

  const data = async <T>(path: string, fallback: string): Promise<T> =>
    (await call<{ data: T }>(path, fallback)).data;

  /** A call with a JSON body, answering data and the server's message. */
  async function send<T>(method: string, path: string, fallback: string, body?: unknown) {
    const answer = await call<{ data: T; message: string }>(path, fallback, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { data: answer.data, message: answer.message };
  }

  /**
   * A call with a JSON body whose answer (`{ success, data, message }`) is parsed with its
   * contract's schema; answers data and the server's message.
   */
  async function sendParsed<T extends { data: unknown; message: string }>(
    schema: AnswerSchema<T>,
    method: string,
    path: string,
    fallback: string,
    body?: unknown,
  ): Promise<{ data: T['data']; message: string }> {
    const answer = await call(
      path,
      fallback,
      { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
      schema,
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
      const answer = (await response.json().catch(() => undefined)) as
        { message?: string } | undefined;
      throw new ApiError(
        answer?.message || `HTTP error! status: ${response.status}`,
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
   * goes: fetch cannot tell upload progress, XMLHttpRequest can. Answers the data; a failure
   * answers the server's message as any other call does.
   */
  function upload<T>(
    path: string,
    fallback: string,
    body: Blob,
    filename: string,
    onProgress?: (sent: number) => void,
  ): Promise<T> {
    const form = new FormData();
    form.append('file', body, filename);
    return new Promise<T>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `/api${path}`);
      request.setRequestHeader('accept', 'application/json');
      if (options.token) request.setRequestHeader('authorization', `Bearer ${options.token}`);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      request.onerror = () => reject(new ApiError('Network error', 0));
      request.onload = () => {
        let answer: { success?: boolean; data?: T; message?: string } | undefined;
        try {
          answer = JSON.parse(request.responseText) as typeof answer;
        } catch {
          answer = undefined;
        }
        if (request.status >= 200 && request.status < 300 && answer?.success !== false) {
          resolve(answer?.data as T);
        } else {
          reject(new ApiError(answer?.message || fallback, request.status));
        }
      };
      request.send(form);
    });
  }

  return {
    /**
     * The transport itself, for the calls kept beside the pages that make them (orders and
     * payments live in components/orders/order-api.ts): the home page does not load their code.
     */
    call,
    data,
    send,
    file,
    upload,

    // ----- catalogue -----
    listProducts: (query: ListQuery = {}) =>
      data<ProductList>(
        `/product/products${queryString({ ...query })}`,
        'Failed to fetch products',
      ),
    searchProducts: (q: string, query: ListQuery = {}) =>
      data<ProductList>(
        `/product/search${queryString({ q, ...query })}`,
        'Failed to search products',
      ),
    getProduct: (id: string) =>
      data<Product>(`/product/${encodeURIComponent(id)}`, 'Failed to fetch product'),
    listProductsByCategory: (categoryId: string, query: ListQuery = {}) =>
      data<ProductList>(
        `/product/category/${encodeURIComponent(categoryId)}${queryString({ ...query })}`,
        'Failed to fetch products by category',
      ),
    listProductsBySubcategory: (
      subcategoryId: string,
      query: ListQuery & { isActive?: boolean } = {},
    ) =>
      data<ProductList>(
        `/product/subcategory/${encodeURIComponent(subcategoryId)}${queryString({ isActive: true, ...query })}`,
        'Failed to fetch products by subcategory',
      ),
    getColorSizes: (productId: string, colorName: string) =>
      data<{ colorName: string; colorHex: string; sizes: SizeStock[] }>(
        `/product/${encodeURIComponent(productId)}/colors/${encodeURIComponent(colorName)}/sizes`,
        'Failed to fetch available sizes',
      ),
    featuredProducts: () =>
      data<FeaturedCard[]>('/product/featured', 'Failed to fetch featured products'),
    listCategories: () => data<Category[]>('/category', 'Failed to fetch categories'),
    listCategoriesPage: async (page: number, limit: number): Promise<Paged<Category>> =>
      call<Paged<Category>>(
        `/category${queryString({ page, limit })}`,
        'Failed to fetch categories',
      ),
    searchCategories: (q: string) =>
      data<Category[]>(`/category/search${queryString({ q })}`, 'Failed to search categories'),
    getCategory: (id: string) =>
      data<Category>(`/category/${encodeURIComponent(id)}`, 'Failed to fetch category'),
    listSubcategories: (q?: string) =>
      data<Subcategory[]>(`/sub-category${queryString({ q })}`, 'Failed to fetch subcategories'),
    listSubcategoriesOfCategory: (categoryId: string) =>
      data<Subcategory[]>(
        `/sub-category/category/${encodeURIComponent(categoryId)}`,
        'Failed to fetch subcategories',
      ),
    getSubcategory: (id: string) =>
      data<Subcategory>(`/sub-category/${encodeURIComponent(id)}`, 'Failed to fetch subcategory'),

    // ----- accounts -----
    signup: (input: SignupInput) =>
      send<AuthSession>('POST', '/auth/signup', 'Registration failed', input),
    login: (input: LoginInput) => send<AuthSession>('POST', '/auth/login', 'Login failed', input),
    profile: () => data<User>('/auth/profile', 'Failed to fetch profile'),
    refresh: (refreshToken: string) =>
      send<AuthSession>('POST', '/auth/refresh', 'Token refresh failed', { refreshToken }),
    logout: (refreshToken: string | null) =>
      send<null>('POST', '/auth/logout', 'Logout failed', refreshToken ? { refreshToken } : {}),
    googleSignIn: (code: string, redirectUri: string) =>
      send<AuthSession>('POST', '/auth/google', 'Google authentication failed', {
        code,
        redirectUri,
      }),

    // ----- cart (signed in) -----
    getCart: () => data<Cart>('/cart', 'Failed to fetch cart'),
    getCartDetails: () => data<CartDetails>('/cart/details', 'Failed to fetch cart'),
    addToCart: (line: CartLineRequest & { product: string }) =>
      send<Cart>('POST', '/cart', 'Failed to add item to cart', line),
    updateCartItem: (itemId: string, quantity: number) =>
      send<Cart>(
        'PUT',
        `/cart/item/${encodeURIComponent(itemId)}`,
        'Failed to update item quantity',
        {
          quantity,
        },
      ),
    removeFromCart: (productId: string, size: string, colorName: string) =>
      send<Cart>(
        'DELETE',
        `/cart/product/${encodeURIComponent(productId)}${queryString({ size, colorName })}`,
        'Failed to remove item from cart',
      ),
    clearCart: () => send<Cart>('DELETE', '/cart/clear', 'Failed to clear cart'),
    validateCart: () => send<CartValidation>('POST', '/cart/validate', 'Cart validation failed'),
    mergeCart: (sessionId: string) =>
      send<Cart>('POST', '/cart/merge', 'Failed to merge cart', { sessionId }),
    applyDiscount: (code: string, type: 'coupon' | 'voucher' = 'coupon') =>
      send<Cart>('POST', '/cart/apply-discount', 'Failed to apply discount', { code, type }),
    removeDiscount: (type: 'coupon' | 'voucher' | 'all' = 'all') =>
      send<Cart>('DELETE', '/cart/remove-discount', 'Failed to remove discount', { type }),

    /** Calls whose contract loads with their pages (components/checkout/payments-api.ts). */
    sendParsed,

    // ----- wishlist -----
    getWishlist: () => data<Wishlist>('/wishlist', 'Failed to fetch wishlist'),
    toggleWishlist: (productId: string) =>
      send<{ action: 'added' | 'removed'; wishlist: Wishlist }>(
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
      send<{ cart: Cart; wishlist: Wishlist }>(
        'POST',
        `/wishlist/move-to-cart/${encodeURIComponent(productId)}`,
        'Failed to move item to cart',
        line,
      ),
    clearWishlist: () => send<Wishlist>('DELETE', '/wishlist/clear', 'Failed to clear wishlist'),

    // ----- cart (guest) -----
    getGuestCart: (sessionId: string) =>
      data<Cart>(`/cart/guest/${encodeURIComponent(sessionId)}`, 'Failed to fetch cart'),
    addToGuestCart: (sessionId: string, productId: string, line: CartLineRequest) =>
      send<Cart>(
        'POST',
        `/cart/guest/${encodeURIComponent(sessionId)}/product/${encodeURIComponent(productId)}`,
        'Failed to add item to cart',
        line,
      ),
    updateGuestCartItem: (sessionId: string, itemId: string, quantity: number) =>
      send<Cart>(
        'PUT',
        `/cart/guest/${encodeURIComponent(sessionId)}/item/${encodeURIComponent(itemId)}`,
        'Failed to update item quantity',
        { quantity },
      ),
    removeFromGuestCart: (sessionId: string, productId: string, size: string, colorName: string) =>
      send<Cart>(
        'DELETE',
        `/cart/guest/${encodeURIComponent(sessionId)}/product/${encodeURIComponent(productId)}${queryString({ size, colorName })}`,
        'Failed to remove item from cart',
      ),

    // ----- content -----
    listBlogs: () => data<Blog[]>('/blog', 'Failed to fetch blogs'),
    getBlog: (id: string) => data<Blog>(`/blog/${encodeURIComponent(id)}`, 'Failed to fetch blog'),
    listBanners: () => data<Banner[]>('/banner', 'Failed to fetch banners'),
    listMobileBanners: () => data<Banner[]>('/mobile-banner', 'Failed to fetch banners'),
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
