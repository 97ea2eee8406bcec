import { accountDataRoutes } from '../features/account-data/account-data.routes.ts';
import { createAccountDataRepository } from '../features/account-data/account-data.repository.ts';
import { createAccountDataService } from '../features/account-data/account-data.service.ts';
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
    repository: createAccountDataRepository(),
    auth: accounts.auth,
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
