import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * Shared code goes into a few chunks (the framework, our app shell, the product options) instead
 * of a dozen small ones: on a phone over HTTP/1.1 every extra request waits for one of six
 * connections, ahead of the stylesheet that the first paint needs, and carries its own headers.
 *
 * The shell is on every page, so it holds the layout and what the layout uses, nothing more. The
 * domain rules are not named here: each goes with what imports it (the money and cart-line rules
 * with the shell's cart; order, payment and discount rules with the cart, checkout and order
 * pages). The product options (colour, size, quantity, Add To Cart) are one chunk, shared by the
 * home page's featured product and the product page. A group takes the modules it names and
 * their dependencies not taken by a group of higher priority, so the shell's modules stay in the
 * shell whoever else imports them. The product card is not the layout's: it goes with the listing
 * and product pages that show it, so the home, cart and checkout pages do not carry it (nor the
 * offer badge on it).
 */
const chunkGroups = [
  {
    name: 'framework',
    priority: 3,
    test: /node_modules\/(react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)\//,
  },
  {
    name: 'shell',
    priority: 2,
    test: /\/app\/(lib|components\/(layout|(?!product-card)[a-z-]+\.tsx?$))/,
  },
  {
    name: 'product-options',
    priority: 1,
    test: /\/app\/components\/product\/(use-product-selection|use-add-to-cart|color-swatches|size-selector|quantity-stepper)\.tsx?$|\/packages\/domain\/src\/product-selection\.ts$/,
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkGroups } } },
  },
}));
