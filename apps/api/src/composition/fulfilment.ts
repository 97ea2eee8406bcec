import { rupeesToPaise } from '@shop/domain/money';
import type { LiveOffers } from '../features/offers/offers.service.ts';
import { createCourierSimulator } from '../adapters/shipping/courier-simulator.ts';
import { createShiprocketCourier } from '../adapters/shipping/shiprocket-courier.ts';
import type { CartService } from '../features/cart/cart.service.ts';
import type { ProductFactsSource } from '../features/cart/product-facts.ts';
import { stockTags } from '../features/catalogue/catalogue-changes.ts';
import { dashboardAdminRoutes } from '../features/dashboard/dashboard.admin-routes.ts';
import { createDashboardRepository } from '../features/dashboard/dashboard.repository.ts';
import { createDashboardService } from '../features/dashboard/dashboard.service.ts';
import type { DiscountsRepository } from '../features/discounts/discounts.repository.ts';
import { dispatchAdminRoutes } from '../features/dispatch/dispatch.admin-routes.ts';
import { createDispatchService } from '../features/dispatch/dispatch.service.ts';
import { orderActionsRoutes } from '../features/orders/order-actions.admin-routes.ts';
import { createOrderActionsService } from '../features/orders/order-actions.service.ts';
import { adminOrderRoutes } from '../features/orders/orders.admin-routes.ts';
import { ordersDeskRoutes } from '../features/orders/orders-desk.admin-routes.ts';
import { createOrdersDeskService } from '../features/orders/orders-desk.service.ts';
import { createOrdersRepository } from '../features/orders/orders.repository.ts';
import { orderUpdateDeps } from '../features/orders/order-update-deps.ts';
import { orderMessagesOf } from '../features/orders/order-updates.ts';
import { createOrderReturns } from '../features/orders/order-returns.service.ts';
import { orderRoutes } from '../features/orders/orders.routes.ts';
import { createOrdersService, type OrdersService } from '../features/orders/orders.service.ts';
import { createPincodesRepository } from '../features/pincodes/pincodes.repository.ts';
import { pincodeRoutes } from '../features/pincodes/pincodes.routes.ts';
import { createPincodeService } from '../features/pincodes/pincodes.service.ts';
import { returnsDeskRoutes } from '../features/returns/returns-desk.admin-routes.ts';
import { createReturnPickups } from '../features/returns/return-pickups.service.ts';
import { createReturnsDeskService } from '../features/returns/returns-desk.service.ts';
import { createBookingClaims } from '../features/shipping/booking-claims.ts';
import { shippingAdminRoutes } from '../features/shipping/shipping.admin-routes.ts';
import { createShippingRepository } from '../features/shipping/shipping.repository.ts';
import { shippingRoutes } from '../features/shipping/shipping.routes.ts';
import {
  createShippingService,
  type ShippingService,
} from '../features/shipping/shipping.service.ts';
import { stockAdminRoutes } from '../features/stock/stock.admin-routes.ts';
import { createStockRepository } from '../features/stock/stock.repository.ts';
import { createStockService } from '../features/stock/stock.service.ts';
import type { AuthGuards } from '../http/authenticate.ts';
import type { FeatureGroup } from './feature-group.ts';
import type { MessageChoices } from '../features/account-data/message-choices.service.ts';
import type { MessagingServices } from './messaging.ts';
import type { MoneyServices } from './money.ts';
import type { ShopContext } from './shop-context.ts';

export interface FulfilmentNeeds {
  guards: AuthGuards;
  messaging: MessagingServices;
  /** Her recorded choices of messages (order updates follow them). */
  messageChoices: MessageChoices;
  money: MoneyServices;
  cart: CartService;
  productFacts: ProductFactsSource;
  discounts: DiscountsRepository;
  offers: LiveOffers;
}

type FulfilmentJobs =
  | 'expireUnpaidOrders'
  | 'confirmPaidOrders'
  | 'refreshSalesRollups'
  | 'bookShipments'
  | 'mailLowStock';

/** Orders and their desks, delivery (pin codes, the courier, dispatch), returns, stock, dashboard. */
export function fulfilmentFeatures(
  ctx: ShopContext,
  needs: FulfilmentNeeds,
): FeatureGroup<{ shipping: ShippingService; orders: OrdersService }, FulfilmentJobs> {
  const { config, db, log, throttle, findUser } = ctx;
  const { guards, money, cart } = needs;
  const { outbox, payments, refunds, refundsRepository } = money;
  const ordersRepository = createOrdersRepository(db);
  const stockChanged = (productIds: Iterable<string>) =>
    ctx.catalogueChanges.changed(stockTags(productIds));
  // The courier simulator delivers its tracking events to this very server, through the real route.
  const courierSimulator = config.shipping.shiprocket
    ? undefined
    : createCourierSimulator({
        db,
        webhookSecret: config.shipping.webhookSecret,
        publicUrl: config.publicUrl,
        deliver: () => async (rawBody, headers) =>
          ctx.postToSelf('/api/shipping/webhook', rawBody, headers),
      });
  const courier =
    courierSimulator ??
    createShiprocketCourier(config.shipping.shiprocket!, ctx.fetch, ctx.outbound.courier);
  const pincodes = createPincodeService({
    repository: createPincodesRepository(db),
    courier,
    shopAddress: async () => (await ctx.settings.publicSettings()).address,
    codOffered: async () => (await ctx.settings.codTerms()).enabled,
    log,
    courierTimeoutMs: config.outbound.timeoutMs,
    onFallback: (reason) => ctx.metrics.serviceabilityFallback(reason),
    lookups: { throttle, rule: ctx.lookupLimits.pincodeLookups },
  });
  const orderUpdates = orderUpdateDeps(
    { ...needs.messaging, db },
    money.codCodeKey,
    needs.messageChoices,
  );
  const orders = createOrdersService({
    db,
    requireDeliverable: (pinCode, field) => pincodes.requireDeliverable(pinCode, field),
    // `shipping` is made below, with this service; it is called only once requests run.
    trackingOf: async (orderIds) => shipping.trackingOf(orderIds),
    refundsOf: (orderIds) => refundsRepository.withLinesOf(db, orderIds),
    orders: ordersRepository,
    facts: needs.productFacts,
    discounts: needs.discounts,
    offers: needs.offers,
    throttle,
    limits: ctx.limits,
    outbox,
    orderUpdates,
    refunds: () => payments.refunds,
    stockChanged,
    stockChangedWith: (productIds) => ctx.catalogueChanges.changedWith(stockTags(productIds)),
    findUser,
    publicUrl: config.publicUrl,
    staffRefundLimitPaise: config.staffRefundLimitPaise,
    paymentTimeoutMs: config.orderPaymentTimeoutMs,
    metrics: ctx.metrics,
    cashOnDelivery: {
      terms: () => ctx.settings.codTerms(),
      takesCashAt: (pinCode) => pincodes.takesCash(pinCode),
      codeKey: money.codCodeKey,
      cartTotalPaise: async (userId) => rupeesToPaise((await cart.current({ userId })).total),
    },
  });
  const stock = createStockService({
    db,
    stock: createStockRepository(db),
    outbox,
    stockChanged,
    publicUrl: config.publicUrl,
    lowStockMailHour: config.lowStockMailHour,
    adminEmails: config.adminEmails,
  });
  const dashboard = createDashboardService(createDashboardRepository(db));
  const orderReturns = createOrderReturns(ordersRepository, orderUpdates);
  const shipping = createShippingService({
    db,
    shipments: createShippingRepository(db),
    ordersService: orders,
    courier,
    simulator: courierSimulator,
    reversePickups: createReturnPickups({ orders: orderReturns }),
    findUser,
    log,
    options: config.shipping,
    lookups: { throttle, rule: ctx.lookupLimits.trackingLookups },
  });
  const ordersDesk = createOrdersDeskService({
    db,
    orders: ordersRepository,
    shipmentOf: (orderId) => shipping.ofOrder(db, orderId),
    refundsOf: (orderId) => refundsRepository.withLinesOf(db, [orderId]),
    messagesOf: (orderId) => orderMessagesOf(orderUpdates, orderId),
  });
  const orderActions = createOrderActionsService({
    db,
    orders: ordersRepository,
    refunds,
    outbox,
    throttle,
    findUser,
    publicUrl: config.publicUrl,
    staffRefundLimitPaise: config.staffRefundLimitPaise,
  });
  const dispatch = createDispatchService({
    db,
    orders,
    shipFrom: config.shipFrom,
  });
  const returnsDesk = createReturnsDeskService({
    db,
    orders: orderReturns,
    refunds: () => payments.refunds,
    courier: config.shipping.booking ? courier : undefined,
    bookingClaims: createBookingClaims(db),
    outbox,
    findUser,
    stockChanged,
    publicUrl: config.publicUrl,
    shipFrom: config.shipFrom,
    staffRefundLimitPaise: config.staffRefundLimitPaise,
    log,
  });
  return {
    services: { shipping, orders },
    routes: [
      orderRoutes(orders, guards),
      pincodeRoutes(pincodes),
      // The simulator's controls exist only where it may book parcels (see ShippingConfig).
      shippingRoutes(shipping, guards, courierSimulator !== undefined && config.shipping.booking),
    ],
    adminRoutes: [
      adminOrderRoutes(orders, guards),
      ordersDeskRoutes(ordersDesk, guards),
      orderActionsRoutes(orderActions, guards),
      dashboardAdminRoutes(dashboard, guards),
      dispatchAdminRoutes(dispatch, guards),
      returnsDeskRoutes(returnsDesk, guards),
      stockAdminRoutes(stock, guards),
      shippingAdminRoutes(shipping, guards),
    ],
    jobs: {
      expireUnpaidOrders: {
        run: () => orders.expireUnpaid(),
        everyMs: 60_000,
        name: 'expiring unpaid orders',
      },
      confirmPaidOrders: {
        run: () => orders.confirmPaid(),
        everyMs: 5 * 60_000,
        name: 'confirming paid orders',
      },
      refreshSalesRollups: {
        run: () => dashboard.refresh(),
        everyMs: 30_000,
        name: "recomputing the dashboard's daily figures",
      },
      bookShipments: {
        run: () => shipping.bookDue(),
        everyMs: 15_000,
        name: 'booking shipments with the courier',
      },
      mailLowStock: {
        run: () => stock.mailLowStock(),
        everyMs: 10 * 60_000,
        name: 'mailing the owners the sizes low on stock',
      },
    },
  };
}
