import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

/** The brief's route table (section 2). Paths match case-insensitively, so /Wishlist works too. */
export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('return-refund-policy', 'routes/return-policy.tsx', { id: 'return-refund-policy' }),
  route('return-policy', 'routes/return-policy.tsx', { id: 'return-policy' }),
  route('shipping-policy', 'routes/shipping-policy.tsx'),
  route('terms-and-conditions', 'routes/terms-and-conditions.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('products', 'routes/products.tsx', { id: 'products' }),
  route('products/all', 'routes/products.tsx', { id: 'products-all' }),
  route('products/:category', 'routes/products.tsx', { id: 'products-category' }),
  route('products/:category/:subcategory', 'routes/products.tsx', { id: 'products-subcategory' }),
  route('product/:productId', 'routes/product.tsx'),
  route('search', 'routes/search.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('wishlist', 'routes/wishlist.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('blogs', 'routes/blogs.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('order-success/:orderId', 'routes/order-success.tsx'),
  // The courier simulator's tracking link (a real courier's link goes to its own site).
  route('track/:awb', 'routes/track.tsx'),
  route('auth/google/callback', 'routes/google-callback.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  route('login', 'routes/login.tsx', { id: 'login' }),
  route('register', 'routes/login.tsx', { id: 'register' }),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('favicon.ico', 'routes/favicon.ts'),
  // The back office: its own route modules, so no storefront page downloads its code.
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:orderId', 'routes/admin/order.tsx'),
      route('dispatch', 'routes/admin/dispatch.tsx'),
      route('customers', 'routes/admin/customers.tsx'),
      route('customers/:customerId', 'routes/admin/customer.tsx'),
      route('media', 'routes/admin/media.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
