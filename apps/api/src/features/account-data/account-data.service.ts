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
import type { CartPersonalData } from '../cart/cart-personal-data.service.ts';
import type { CustomersPersonalData } from '../customers/customers-personal-data.service.ts';
import type { GrievancesPersonalData } from '../grievances/grievances-personal-data.service.ts';
import type { InvoicesPersonalData } from '../invoices/invoices-personal-data.service.ts';
import type { OrderOfHers, OrdersPersonalData } from '../orders/orders-personal-data.service.ts';
import type { ReviewsPersonalData } from '../reviews/reviews-personal-data.service.ts';
import type { WishlistPersonalData } from '../wishlist/wishlist-personal-data.service.ts';
import type { MessageChoices } from './message-choices.service.ts';

/**
 * What each other feature holds of hers, through that feature's own service: read in the
 * download's transaction, changed in the erasure's.
 */
export interface PersonalDataOfFeatures {
  orders: OrdersPersonalData;
  invoices: InvoicesPersonalData;
  reviews: ReviewsPersonalData;
  cart: CartPersonalData;
  wishlist: WishlistPersonalData;
  grievances: GrievancesPersonalData;
  customers: CustomersPersonalData;
}

export interface AccountDataDeps {
  db: Database;
  auth: AuthService;
  features: PersonalDataOfFeatures;
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

/** Her orders with the tax documents of each, and when its invoice was issued (null if none). */
async function ordersWithDocuments(tx: Executor, features: PersonalDataOfFeatures, userId: string) {
  const orders = await features.orders.exportFor(tx, userId);
  const documents = await features.invoices.documentsFor(
    tx,
    orders.map((order) => order.id),
  );
  return orders.map((order) => {
    const own = documents.filter((document) => document.orderId === order.id);
    const invoice = own.find((document) => document.kind === 'invoice');
    return { ...order, documents: own, invoiceIssuedAt: invoice?.issuedAt ?? null };
  });
}

/**
 * Her rights over her data: a download of everything the shop holds about her, and the erasure
 * of her account, keeping only what a law makes the shop keep (GST records), for as long as it
 * does, without her contact details.
 */
export function createAccountDataService(deps: AccountDataDeps) {
  const { db, auth, choices, outbox, features } = deps;

  return {
    /** Everything about her, read in one snapshot (read only) so every part agrees. */
    async exportOf(userId: string) {
      return db.transaction(
        async (tx) => {
          const profile = await auth.userIn(tx, userId);
          const orders = await ordersWithDocuments(tx, features, userId);
          // An account made by phone has no address ('') until she adds one: nothing is hers by it.
          const grievances = profile.email
            ? await features.grievances.exportFor(tx, profile.email)
            : [];
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
              items: order.items.map((item) => ({
                product: item.productName,
                colour: item.colorName,
                size: item.size,
                quantity: item.quantity,
                price: paiseToRupees(item.pricePaise),
              })),
              documents: order.documents.map((document) => ({
                kind: document.kind,
                number: document.number,
                issuedAt: iso(document.issuedAt),
              })),
            })),
            reviews: (await features.reviews.exportFor(tx, userId)).map((review) => ({
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
            signIns: (await auth.signInsIn(tx, userId)).map((signIn) => ({
              startedAt: iso(signIn.startedAt),
              lastRenewedAt: iso(signIn.lastUsedAt),
              expiresAt: iso(signIn.expiresAt),
              endedAt: iso(signIn.endedAt),
            })),
            wishlist: (await features.wishlist.exportFor(tx, userId)).map((item) => ({
              product: item.productName,
              priceWhenAdded: paiseToRupees(item.priceWhenAddedPaise),
              addedAt: iso(item.addedAt),
            })),
            cart: (await features.cart.exportFor(tx, userId)).map((item) => ({
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
              replies: one.replies.map((reply) => ({ text: reply.text, at: iso(reply.createdAt) })),
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
      for (const order of await ordersWithDocuments(db, features, userId)) {
        if (order.paidAt && !order.invoiceIssuedAt) await deps.invoices.issueInvoice(order.id);
      }
      const kept = await db.transaction(async (tx) => {
        const erased = await auth.eraseIn(tx, userId);
        const { formerEmail, formerPhone } = erased;
        const now = new Date();
        const orders = await ordersWithDocuments(tx, features, userId);
        const keptOrders: { order: OrderOfHers; until: Date }[] = [];
        const gone: string[] = [];
        for (const order of orders) {
          const until = orderKeptUntil({ ...order, now });
          if (until) keptOrders.push({ order, until });
          else gone.push(order.id);
        }
        await features.orders.anonymiseIn(
          tx,
          keptOrders.map(({ order }) => order.id),
          gone,
        );
        await choices.withdrawAllIn(tx, userId);
        // Her cart, wishlist and the shop's notes about her go; discount uses stay (no one named).
        await features.cart.eraseIn(tx, userId);
        await features.wishlist.eraseIn(tx, userId);
        await features.customers.eraseIn(tx, userId);
        if (formerEmail) {
          const grievanceIds = await features.grievances.anonymiseIn(
            tx,
            formerEmail,
            erased.row.email,
          );
          await outbox.forgetRecipient(tx, formerEmail, grievanceIds);
        }
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
