import {
  accountDataMessages,
  type DeleteAccount,
  type KeptRecord,
} from '@shop/contracts/account-data';
import { conflict } from '@shop/domain/errors';
import { orderKeptUntil } from '@shop/domain/account-data';
import { paiseToRupees } from '@shop/domain/money';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { PhoneCodes } from '../auth/phone-codes.service.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { AccountDataRepository, OrderOfHers } from './account-data.repository.ts';
import type { MessageChoices } from './message-choices.service.ts';

export interface AccountDataDeps {
  db: Database;
  repository: AccountDataRepository;
  auth: AuthService;
  choices: MessageChoices;
  outbox: MailOutbox;
  invoices: Pick<InvoicesService, 'issueInvoice'>;
  /** Proves she holds her verified number (an account that signs in with its phone). */
  phoneCodes: Pick<PhoneCodes, 'confirm'>;
  /** Her WhatsApp and SMS messages: erased from the phone outbox with her account. */
  phoneMessages: {
    forgetRecipient: (tx: Executor, target: { userId: string; phone: string }) => Promise<void>;
  };
  /**
   * Other stores of messages sent to her (the phone channels' outbox), each answering its rows
   * for her download inside the download's snapshot.
   */
  messageLogs: () => { sentTo: (tx: Executor, userId: string) => Promise<unknown[]> }[];
}

/** Who else sees some of her data, and why (the summary her rights include). */
const sharedWith = [
  {
    with: 'The payment provider (Razorpay)',
    what: 'Order number and amount; card, UPI or bank details go to it directly, never to the shop.',
    why: 'To take payment and send refunds.',
  },
  {
    with: 'The courier',
    what: 'Delivery name, address and phone number; the parcel is labelled under a neutral name.',
    why: 'To deliver the order and pick up returns.',
  },
  {
    with: 'The mail, WhatsApp and SMS providers',
    what: 'Your e-mail address or phone number and the message text.',
    why: 'To deliver the messages you chose.',
  },
];

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * Her rights over her data: a download of everything the shop holds about her, and the erasure
 * of her account, keeping only what a law makes the shop keep (GST records), for as long as it
 * does, without her contact details.
 */
export function createAccountDataService(deps: AccountDataDeps) {
  const { db, repository, auth, choices, outbox } = deps;

  return {
    /** Everything about her, read in one snapshot (read only) so every part agrees. */
    async exportOf(userId: string) {
      return db.transaction(
        async (tx) => {
          const profile = await auth.userIn(tx, userId);
          const orders = await repository.ordersOf(tx, userId);
          const orderIds = orders.map((order) => order.id);
          const items = await repository.itemsOf(tx, orderIds);
          const documents = await repository.documentsOf(tx, orderIds);
          // An account made by phone has no address ('') until she adds one: nothing is hers by it.
          const grievances = profile.email ? await repository.grievancesOf(tx, profile.email) : [];
          const replies = await repository.grievanceRepliesOf(
            tx,
            grievances.map((one) => one.id),
          );
          const mails = profile.email ? await outbox.mailsTo(tx, profile.email) : [];
          const phoneMessages = [];
          for (const log of deps.messageLogs())
            phoneMessages.push(...(await log.sentTo(tx, userId)));
          return {
            exportedAt: new Date().toISOString(),
            about: 'Everything this shop holds about you, as of the moment above.',
            profile: auth.toUser(profile),
            addresses: profile.addresses,
            messagePreferences: await choices.preferencesIn(tx, userId),
            consents: await choices.recordsIn(tx, userId),
            orders: orders.map((order) => ({
              orderNumber: order.orderNumber,
              placedAt: iso(order.createdAt),
              status: order.status,
              paymentStatus: order.paymentStatus,
              paymentMethod: order.paymentMethod,
              total: paiseToRupees(order.totalPaise),
              shippingAddress: order.shippingAddress,
              billingAddress: order.billingAddress,
              notes: order.notes,
              returnReason: order.returnReason,
              courier: order.courier,
              awb: order.awb,
              items: items
                .filter((item) => item.orderId === order.id)
                .map((item) => ({
                  product: item.productName,
                  colour: item.colorName,
                  size: item.size,
                  quantity: item.quantity,
                  price: paiseToRupees(item.pricePaise),
                })),
              documents: documents
                .filter((document) => document.orderId === order.id)
                .map((document) => ({
                  kind: document.kind,
                  number: document.number,
                  issuedAt: iso(document.issuedAt),
                })),
            })),
            reviews: (await repository.reviewsOf(tx, userId)).map((review) => ({
              product: review.productName,
              rating: review.rating,
              title: review.title,
              text: review.text,
              state: review.state,
              sizeBought: review.sizeBought,
              writtenAt: iso(review.createdAt),
            })),
            messagesSent: [
              ...mails.map((mail) => ({
                channel: 'email',
                to: profile.email,
                about: mail.template ?? mail.subject ?? 'e-mail',
                queuedAt: iso(mail.queuedAt),
                sentAt: iso(mail.sentAt),
              })),
              ...phoneMessages,
            ],
            signIns: (await repository.signInsOf(tx, userId)).map((signIn) => ({
              startedAt: iso(signIn.startedAt),
              lastRenewedAt: iso(signIn.lastUsedAt),
              expiresAt: iso(signIn.expiresAt),
              endedAt: iso(signIn.endedAt),
            })),
            wishlist: (await repository.wishlistOf(tx, userId)).map((item) => ({
              product: item.productName,
              priceWhenAdded: paiseToRupees(item.priceWhenAddedPaise),
              addedAt: iso(item.addedAt),
            })),
            cart: (await repository.cartOf(tx, userId)).map((item) => ({
              product: item.productName,
              colour: item.colorName,
              size: item.size,
              quantity: item.quantity,
              addedAt: iso(item.addedAt),
            })),
            grievances: grievances.map((one) => ({
              ticket: one.ticket,
              category: one.category,
              subject: one.subject,
              description: one.description,
              orderNumber: one.orderNumber,
              status: one.status,
              resolution: one.resolution,
              filedAt: iso(one.createdAt),
              replies: replies
                .filter((reply) => reply.grievanceId === one.id)
                .map((reply) => ({ text: reply.text, at: iso(reply.createdAt) })),
            })),
            sharedWith,
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /**
     * Erases her account after her password proved it is her. Paid orders are invoiced first
     * (an invoice owed is issued with her name and address while they are still there); then, in
     * one transaction: her sign-ins end everywhere, her account row keeps nothing of her, her
     * choices are withdrawn and what was queued for her cancelled, her cart, wishlist and the
     * shop's notes about her go, her grievances and mails lose her contacts, and each order is
     * either kept for the GST period (name and address as its invoice carries them, no phone)
     * or left with no address at all. Answers what was kept and until when.
     */
    async erase(
      userId: string,
      proof: DeleteAccount,
      clientAddress: string,
    ): Promise<{ kept: KeptRecord[] }> {
      let current;
      if (proof.password !== undefined) {
        current = await auth.confirmPassword(userId, proof.password, clientAddress);
      } else {
        current = await auth.userIn(db, userId);
        if (!current.phoneVerified) throw conflict(accountDataMessages.noVerifiedPhone);
        await deps.phoneCodes.confirm({
          requestId: proof.requestId!,
          code: proof.code!,
          phone: current.phone,
        });
      }
      for (const order of await repository.ordersOf(db, userId)) {
        if (order.paidAt && !order.invoiceIssuedAt) await deps.invoices.issueInvoice(order.id);
      }
      const kept = await db.transaction(async (tx) => {
        const { formerEmail, formerPhone } = await auth.eraseIn(tx, userId);
        const now = new Date();
        const orders = await repository.ordersOf(tx, userId);
        const keptOrders: { order: OrderOfHers; until: Date }[] = [];
        const gone: string[] = [];
        for (const order of orders) {
          const until = orderKeptUntil({ ...order, now });
          if (until) keptOrders.push({ order, until });
          else gone.push(order.id);
        }
        await repository.anonymiseOrders(
          tx,
          keptOrders.map(({ order }) => order.id),
          gone,
        );
        await choices.withdrawAllIn(tx, userId);
        await repository.deleteBelongings(tx, userId);
        const grievanceIds = formerEmail
          ? (await repository.grievancesOf(tx, formerEmail)).map((one) => one.id)
          : [];
        await repository.anonymiseGrievances(
          tx,
          grievanceIds,
          await repository.erasedEmailOf(tx, userId),
        );
        if (formerEmail) await outbox.forgetRecipient(tx, formerEmail, grievanceIds);
        await deps.phoneMessages.forgetRecipient(tx, { userId, phone: formerPhone });
        return keptOrders.map(({ order, until }) => ({
          kind: 'order' as const,
          orderNumber: order.orderNumber,
          until: until.toISOString(),
        }));
      });
      auth.forgetCachedUser(current.id);
      return { kept };
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
