import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
} from 'react-router';
import {
  defaultShopSettings,
  publicPartOf,
  publicShopSettingsResponse,
} from '@shop/contracts/shop-settings';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { SiteLayout } from './components/layout/site-layout';
import { NotFoundContent } from './components/not-found-content';
import { serverApi } from './lib/api-client';
import { buildNavigation, type NavCategory } from './lib/navigation';
import { useNonce } from './lib/nonce';
import { ShopperProvider } from './lib/shopper';
import { ToastProvider } from './lib/toast';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', type: 'image/svg+xml' },
];

/**
 * The shop's public settings (the footer's legal details and support email, the about page's
 * hours), read in-process from the settings' in-memory copy, so every page is rendered with them:
 * no fetch after load, nothing shifts. Null when unreadable.
 */
async function shopSettings(context: Route.LoaderArgs['context']) {
  try {
    const answer = await serverApi(context).call(
      '/settings/public',
      'Failed to fetch the shop details',
      {},
      publicShopSettingsResponse,
    );
    return answer.data;
  } catch {
    return null;
  }
}

/**
 * The navigation, the shop's settings and contact (and whether payments are only tests) are on
 * every page: loaded with the page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const shop = shopSettings(context);
  // Without the settings, the shop's first contact details.
  const contact = shop.then((settings) => {
    const known = settings ?? publicPartOf(defaultShopSettings);
    return { supportEmail: known.support.email, businessHours: known.businessHours };
  });
  try {
    const [categories, subcategories] = await Promise.all([
      api.listCategories(),
      api.listSubcategories(),
    ]);
    return {
      navigation: buildNavigation(categories, subcategories),
      shop: await shop,
      publicUrl: context.publicUrl,
      testPayments: context.testPayments,
      contact: await contact,
    };
  } catch {
    return {
      navigation: [] as NavCategory[],
      shop: await shop,
      publicUrl: context.publicUrl,
      testPayments: context.testPayments,
      contact: await contact,
    };
  }
}

/**
 * The navigation hardly ever changes: keep it across page changes (a failed page load then shows
 * that page's own error state, not the root's), and reload it only after a form submission.
 */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b82d58" />
        {/* With a precedence React treats the stylesheet as a resource and emits it ahead of the
            script preloads: on a phone the first paint waits for this file and nothing else. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Providers({ children }: { children: React.ReactNode }) {
  return (
    <ToastProvider>
      <ShopperProvider>
        <SiteLayout>{children}</SiteLayout>
      </ShopperProvider>
    </ToastProvider>
  );
}

/** Marks the document once React has hydrated it, for tests and for CSS that needs JS. */
function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export default function App() {
  useMarkHydrated();
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Providers>
      {notFound ? (
        <NotFoundContent />
      ) : (
        <section className="mx-auto max-w-xl px-4 py-24 text-center">
          <title>Something went wrong | Lacebloom</title>
          <h1 className="font-serif text-3xl">Something went wrong</h1>
          <p className="mt-3 text-muted">Please try again in a moment.</p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="mt-6 rounded-full bg-brand-600 px-6 py-2.5 text-white hover:bg-brand-700"
          >
            Try Again
          </button>
        </section>
      )}
    </Providers>
  );
}
