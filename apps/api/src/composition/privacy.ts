import { accountDataRoutes } from '../features/account-data/account-data.routes.ts';
import { createAccountDataService } from '../features/account-data/account-data.service.ts';
import { createCartPersonalData } from '../features/cart/cart-personal-data.service.ts';
import { createCustomersPersonalData } from '../features/customers/customers-personal-data.service.ts';
import { createGrievancesPersonalData } from '../features/grievances/grievances-personal-data.service.ts';
import { createInvoicesPersonalData } from '../features/invoices/invoices-personal-data.service.ts';
import { createOrdersPersonalData } from '../features/orders/orders-personal-data.service.ts';
import { createReviewsPersonalData } from '../features/reviews/reviews-personal-data.service.ts';
import { createWishlistPersonalData } from '../features/wishlist/wishlist-personal-data.service.ts';
import type { AccountServices } from './accounts.ts';
import type { FeatureGroup } from './feature-group.ts';
import type { MessagingServices } from './messaging.ts';
import type { MoneyServices } from './money.ts';
import type { ShopContext } from './shop-context.ts';

/** Her rights over her data: her message choices, her data's download and her account's erasure. */
export function privacyFeatures(
  ctx: ShopContext,
  needs: {
    accounts: AccountServices;
    money: Pick<MoneyServices, 'outbox' | 'invoices'>;
    messaging: MessagingServices;
  },
): FeatureGroup<Record<string, never>> {
  const { accounts, money, messaging } = needs;
  const accountData = createAccountDataService({
    db: ctx.db,
    auth: accounts.auth,
    // Each feature reads and erases what it holds of hers, in the transaction handed to it.
    features: {
      orders: createOrdersPersonalData(),
      invoices: createInvoicesPersonalData(),
      reviews: createReviewsPersonalData(),
      cart: createCartPersonalData(),
      wishlist: createWishlistPersonalData(),
      grievances: createGrievancesPersonalData(),
      customers: createCustomersPersonalData(),
    },
    choices: accounts.messageChoices,
    outbox: money.outbox,
    invoices: money.invoices,
    phoneCodes: accounts.phoneCodes,
    phoneMessages: messaging.messages,
    messageLogs: () => [
      {
        // Her WhatsApp and SMS messages, oldest first as the rest of her download reads.
        sentTo: async (tx, userId) =>
          (await messaging.messages.messagesOf(tx, { userId })).reverse().map((message) => ({
            channel: message.channel,
            to: message.recipient,
            about: message.template,
            status: message.status,
            queuedAt: message.createdAt,
            sentAt: message.sentAt,
            deliveredAt: message.deliveredAt,
          })),
      },
    ],
  });
  return {
    services: {},
    routes: [
      accountDataRoutes(
        accounts.messageChoices,
        accountData,
        accounts.guards,
        accounts.sessionCookieOptions,
      ),
    ],
    adminRoutes: [],
    jobs: {},
  };
}
