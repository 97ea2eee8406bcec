import { createRazorpayProvider } from '../adapters/payments/razorpay-provider.ts';
import { createSimulatorProvider } from '../adapters/payments/simulator-provider.ts';
import { deriveKey } from '../security/derived-keys.ts';
import { grievanceMailTemplates } from '../features/grievances/grievances.service.ts';
import { createGstr1Service } from '../features/invoices/gstr1.service.ts';
import { invoicesAdminRoutes } from '../features/invoices/invoices.admin-routes.ts';
import { createInvoicesRepository } from '../features/invoices/invoices.repository.ts';
import { invoiceRoutes } from '../features/invoices/invoices.routes.ts';
import {
  createInvoicesService,
  type InvoicesService,
} from '../features/invoices/invoices.service.ts';
import { createMailOutbox, type MailOutbox } from '../features/mail/mail-outbox.ts';
import { orderMailTemplates, type OrdersService } from '../features/orders/orders.service.ts';
import { createPaymentsRepository } from '../features/payments/payments.repository.ts';
import { paymentRoutes } from '../features/payments/payments.routes.ts';
import {
  createPaymentsService,
  type PaymentsService,
} from '../features/payments/payments.service.ts';
import {
  createRefundsRepository,
  type RefundsRepository,
} from '../features/payments/refunds.repository.ts';
import { createRefundsService, type RefundsService } from '../features/payments/refunds.service.ts';
import type { AuthGuards } from '../http/authenticate.ts';
import type { FeatureGroup } from './feature-group.ts';
import { grievanceMailDepsOf } from './care.ts';
import type { ShopContext } from './shop-context.ts';

export interface MoneyServices {
  outbox: MailOutbox;
  /** Issues an order's invoice before an erasure leaves the order without her name. */
  invoices: Pick<InvoicesService, 'issueInvoice'>;
  payments: PaymentsService;
  refunds: RefundsService;
  refundsRepository: RefundsRepository;
  /** Each HMAC has its own key derived from the root secret, never the secret itself. */
  codCodeKey: Buffer;
  /** The payment provider's name ('simulator' or 'razorpay'). */
  providerName: 'simulator' | 'razorpay';
}

type MoneyJobs =
  'deliverMail' | 'forgetDeliveredMail' | 'sendRefunds' | 'reconcilePayments' | 'issueInvoices';

/** Payments and refunds, GST invoices, and the mail outbox that carries the mails with them. */
export function moneyFeatures(
  ctx: ShopContext,
  guards: AuthGuards,
  /**
   * The orders service: what a payment reads and locks of its order, and the settlement's steps.
   * It is built after this group (it needs the outbox and refunds made here), so a payment asks
   * for it when it runs.
   */
  orders: () => Pick<OrdersService, 'findForUser' | 'lockOrder' | 'settlement'>,
): FeatureGroup<MoneyServices, MoneyJobs> {
  const { config, db, log } = ctx;
  const codCodeKey = deriveKey(config.jwtSecret, 'cash-on-delivery-code');
  const simulator =
    config.payments.provider === 'simulator'
      ? createSimulatorProvider(config.payments.keyId, {
          db,
          webhookSecret: config.payments.webhookSecret,
          // The simulator delivers its webhooks to this very server, through the real route.
          deliverWebhook: () => async (rawBody, headers) => {
            await ctx.postToSelf('/api/payments/webhook', rawBody, headers);
          },
          log,
        })
      : undefined;
  const provider =
    simulator ??
    createRazorpayProvider(config.payments.keyId, config.payments.keySecret, ctx.outbound.payments);
  const refundsRepository = createRefundsRepository(db);
  const invoicesRepository = createInvoicesRepository(db);
  const invoices = createInvoicesService({
    db,
    invoices: invoicesRepository,
    settings: async () => (await ctx.settings.current()).settings,
    refundsOf: (orderId) => refundsRepository.withLinesOf(db, [orderId]),
    log,
  });
  const outbox = createMailOutbox(
    db,
    ctx.mailer,
    log,
    {
      ...orderMailTemplates(config.publicUrl, codCodeKey),
      ...grievanceMailTemplates(grievanceMailDepsOf(ctx)),
    },
    (orderId) => invoices.invoiceAttachment(orderId),
  );
  const paymentsRepository = createPaymentsRepository(db);
  const refunds = createRefundsService({
    db,
    refunds: refundsRepository,
    payments: paymentsRepository,
    provider,
    log,
    options: config.refunds,
  });
  const payments = createPaymentsService({
    db,
    payments: paymentsRepository,
    orders,
    provider,
    simulator,
    refunds,
    refundsRepository,
    orderSettlement: () => orders().settlement,
    keySecret: config.payments.keySecret,
    webhookSecret: config.payments.webhookSecret,
    outbox,
    log,
    metrics: ctx.metrics,
    throttle: ctx.throttle,
    limits: ctx.limits,
  });
  return {
    services: {
      outbox,
      invoices,
      payments,
      refunds,
      refundsRepository,
      codCodeKey,
      providerName: provider.name,
    },
    routes: [
      invoiceRoutes(invoices, guards),
      paymentRoutes(payments, guards, provider.name === 'simulator'),
    ],
    adminRoutes: [invoicesAdminRoutes(invoices, createGstr1Service(invoicesRepository), guards)],
    jobs: {
      deliverMail: { run: () => outbox.deliver(), everyMs: 30_000, name: 'delivering mail' },
      forgetDeliveredMail: {
        run: () => outbox.forgetDelivered(config.mailRetentionDays),
        everyMs: 60 * 60_000,
        name: 'forgetting delivered mails',
      },
      sendRefunds: { run: () => refunds.sendDue(), everyMs: 15_000, name: 'sending refunds' },
      reconcilePayments: {
        run: () => payments.reconcile(),
        everyMs: 2 * 60_000,
        name: 'reconciling payments with the provider',
      },
      issueInvoices: {
        run: () => invoices.issueDue(),
        everyMs: 20_000,
        name: 'issuing GST invoices and credit notes',
      },
    },
  };
}
