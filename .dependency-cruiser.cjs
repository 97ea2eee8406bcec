/**
 * Features talk through services: a file of `apps/api/src/features/<a>/` may import, from another
 * feature `<b>`, only `<b>`'s public face: its `*.service.ts` files and the few modules listed in
 * PUBLIC_MODULES. Never `<b>`'s repository (its queries and rows) nor any other internal of it.
 * Run by `npm test` (the stage "feature boundaries") and by `npm run lint`.
 */
const FEATURES = '^apps/api/src/features/';

/**
 * Modules of a feature that other features may import, besides its services: each is what its
 * feature offers the others (an object made once and handed round, or plain functions), never
 * its rows or queries.
 */
const PUBLIC_MODULES = [
  // The mail feature's queue (the outbox other features add mails to) and the look of every mail.
  'mail/mail-outbox.ts',
  'mail/mail-layout.ts',
  // The phone messages' queue (the outbox other features add WhatsApp and SMS messages to).
  'messages/message-outbox.ts',
  // The throttle every feature counts its limited calls with, and the shopper limits built on it.
  'throttle/throttle.ts',
  'throttle/shopper-limits.ts',
  // How a change to the catalogue is told to every process (the change notices).
  'catalogue/catalogue-changes.ts',
  // Product facts as carts, wishlists and orders show them (a cached read of the catalogue).
  'cart/product-facts.ts',
  // The claims that make a courier booking run once across processes.
  'shipping/booking-claims.ts',
  // Signed-in users as sessions see them (a cache kept fresh by the users' change notices).
  'auth/session-users.ts',
  // How the session cookie is set and cleared, for routes elsewhere that end her sessions.
  'auth/session-cookie.ts',
  // The HTML allowlist the content feature applies to articles and pages.
  'content/sanitize-html.ts',
];

/**
 * Imports that break the rule, each to be moved behind the owning feature's service: `from`
 * imports `to` (paths under apps/api/src/features/), grouped by what is imported. None is left;
 * the list only shrinks, so a new import across features goes through a service instead.
 */
const EXCEPTIONS = [];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exceptionFiles = [...new Set(EXCEPTIONS.map((exception) => exception.from))];
const allowedTo = [
  '^apps/api/src/features/$1/',
  '\\.service\\.ts$',
  ...PUBLIC_MODULES.map((m) => `${FEATURES}${escape(m)}$`),
];

const rule = (name, fromPath, extraAllowed, comment) => ({
  name,
  severity: 'error',
  comment,
  from: { path: fromPath, pathNot: '\\.test\\.ts$' },
  to: { path: FEATURES, pathNot: [...allowedTo, ...extraAllowed] },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      ...rule(
        'features-talk-through-services',
        `${FEATURES}([^/]+)/`,
        [],
        'A feature imports another feature only through its service (*.service.ts) or a module ' +
          'listed as public in .dependency-cruiser.cjs; never its repository or other internals.',
      ),
      from: {
        path: `${FEATURES}([^/]+)/`,
        pathNot: ['\\.test\\.ts$', ...exceptionFiles.map((file) => `${FEATURES}${escape(file)}$`)],
      },
    },
    // Each file with a listed exception: the same rule, less the imports listed for it.
    ...exceptionFiles.map((file) => {
      const feature = file.split('/')[0];
      return {
        ...rule(
          'features-talk-through-services',
          `${FEATURES}(${escape(feature)})/${escape(file.slice(feature.length + 1))}$`,
          EXCEPTIONS.filter((exception) => exception.from === file).map(
            (exception) => `${FEATURES}${escape(exception.to)}$`,
          ),
          'A listed exception: only the imports listed for this file are let through.',
        ),
      };
    }),
  ],
  options: {
    // Type-only imports count: a feature typed with another's repository is handed that repository.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '/build/'] },
  },
};
