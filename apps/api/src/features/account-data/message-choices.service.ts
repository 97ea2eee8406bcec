import {
  accountDataMessages,
  consentWording,
  erasureWithdrawalWording,
  type MessagePreferences,
} from '@shop/contracts/account-data';
import {
  changedChoices,
  currentMessagePreferences,
  messageChannels,
  messagePurposes,
  type ConsentSource,
  type MessageChannel,
  type MessagePurpose,
} from '@shop/domain/account-data';
import { unauthenticated } from '@shop/domain/errors';
import type { Database, Executor } from '../../db/client.ts';
import type { AccountDataRepository, ConsentRow } from './account-data.repository.ts';

/**
 * Messages waiting to be sent (an outbox): a withdrawal cancels, in its own transaction, what is
 * queued for her for that purpose on those channels, so nothing she withdrew from goes out after.
 */
export interface QueuedMessages {
  cancelQueued(
    tx: Executor,
    target: { userId: string; purpose: MessagePurpose; channels: MessageChannel[] },
  ): Promise<number>;
}

export interface MessageChoicesDeps {
  db: Database;
  repository: AccountDataRepository;
  /** The outboxes holding messages for her (read when a withdrawal runs: built later). */
  queues: () => QueuedMessages[];
  /** Whether her phone number is proven hers (the phone channels' order updates start on). */
  hasVerifiedPhone: (tx: Executor, userId: string) => Promise<boolean>;
  /**
   * Locks her account (the accounts feature's row) in `tx` against another change of her choices;
   * undefined when there is no such account.
   */
  lockAccount: (tx: Executor, userId: string) => Promise<{ erasedAt: Date | null } | undefined>;
}

const asChoice = (row: ConsentRow) => ({
  purpose: row.purpose as MessagePurpose,
  channel: row.channel as MessageChannel,
  granted: row.granted,
  at: row.at,
});

/**
 * Her choices of messages: read as the defaults overridden by her newest record per purpose and
 * channel; every change written as a record of its own with the words she was shown, where and
 * when; every withdrawal cancelling, in the same transaction, what was queued for it.
 */
export function createMessageChoices(deps: MessageChoicesDeps) {
  const { db, repository } = deps;

  async function preferencesIn(tx: Executor, userId: string): Promise<MessagePreferences> {
    const records = await repository.consentsOf(tx, userId);
    return currentMessagePreferences(records.map(asChoice), {
      hasVerifiedPhone: await deps.hasVerifiedPhone(tx, userId),
    });
  }

  async function cancelQueued(
    tx: Executor,
    userId: string,
    withdrawn: { purpose: MessagePurpose; channel: MessageChannel }[],
  ) {
    for (const purpose of messagePurposes) {
      const channels = withdrawn.filter((one) => one.purpose === purpose).map((one) => one.channel);
      if (channels.length === 0) continue;
      for (const queue of deps.queues())
        await queue.cancelQueued(tx, { userId, purpose, channels });
    }
  }

  return {
    preferences: (userId: string) => preferencesIn(db, userId),

    /**
     * Sets her choices to `next`: the ones that changed are recorded (source: where she made
     * them), and each withdrawal cancels what is queued for it. Her row is locked meanwhile, so
     * two saves at once record each change once, in order.
     */
    async update(
      userId: string,
      next: MessagePreferences,
      source: ConsentSource,
    ): Promise<MessagePreferences> {
      return db.transaction(async (tx) => {
        const locked = await deps.lockAccount(tx, userId);
        if (!locked || locked.erasedAt) throw unauthenticated(accountDataMessages.alreadyDeleted);
        const before = await preferencesIn(tx, userId);
        const changes = changedChoices(before, next);
        await repository.recordConsents(
          tx,
          userId,
          changes.map((change) => ({
            ...change,
            source,
            wording: consentWording[change.purpose][change.channel],
          })),
        );
        await cancelQueued(
          tx,
          userId,
          changes.filter((change) => !change.granted),
        );
        return next;
      });
    },

    /** The offers she ticked on the sign-up form (unticked boxes record nothing: off is the default). */
    async recordSignupOffers(
      userId: string,
      offers: Partial<Record<MessageChannel, boolean>> | undefined,
    ) {
      const ticked = messageChannels.filter((channel) => offers?.[channel] === true);
      await repository.recordConsents(
        db,
        userId,
        ticked.map((channel) => ({
          purpose: 'offers' as const,
          channel,
          granted: true,
          source: 'sign-up' as const,
          wording: consentWording.offers[channel],
        })),
      );
    },

    /**
     * At her account's erasure, in its transaction: every choice still on is withdrawn (recorded
     * as such), and everything queued for her on any purpose is cancelled.
     */
    async withdrawAllIn(tx: Executor, userId: string) {
      const before = await preferencesIn(tx, userId);
      const on = messagePurposes.flatMap((purpose) =>
        messageChannels
          .filter((channel) => before[purpose][channel])
          .map((channel) => ({ purpose, channel })),
      );
      await repository.recordConsents(
        tx,
        userId,
        on.map((choice) => ({
          ...choice,
          granted: false,
          source: 'account-deleted' as const,
          wording: erasureWithdrawalWording,
        })),
      );
      await cancelQueued(
        tx,
        userId,
        messagePurposes.flatMap((purpose) =>
          messageChannels.map((channel) => ({ purpose, channel })),
        ),
      );
    },

    /** Her records, oldest first, as her download shows them. */
    async recordsIn(tx: Executor, userId: string) {
      return (await repository.consentsOf(tx, userId)).map((row) => ({
        purpose: row.purpose as MessagePurpose,
        channel: row.channel as MessageChannel,
        granted: row.granted,
        source: row.source as ConsentSource,
        wording: row.wording,
        at: row.at.toISOString(),
      }));
    },

    preferencesIn,
  };
}

export type MessageChoices = ReturnType<typeof createMessageChoices>;
