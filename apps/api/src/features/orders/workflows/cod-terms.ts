import { codDecision } from '@shop/domain/cash-on-delivery';
import { invalid } from '@shop/domain/errors';
import { codCodeHash, derivedCodCode, newCodCodeSalt } from '../cod-codes.ts';
import type { CreateOrderCommand } from '../order-pricing.ts';
import type { OrdersServiceDeps } from '../orders-deps.ts';

/** What deciding cash on delivery reads before the placing transaction. */
export async function codFacts(
  deps: OrdersServiceDeps,
  userId: string,
  command: CreateOrderCommand,
) {
  const [terms, takesCash, recentOrders, recipient] = await Promise.all([
    deps.cashOnDelivery.terms(),
    deps.cashOnDelivery.takesCashAt(command.shippingAddress.pinCode),
    deps.orders.recentForCod(userId),
    deps.findUser(userId),
  ]);
  return { terms, takesCash, recentOrders, recipient };
}
export type CodFacts = Awaited<ReturnType<typeof codFacts>>;

/** The fee and the code's salt and hash of a COD order, or the domain's 400 when cash is refused. */
export function cashTerms(
  deps: OrdersServiceDeps,
  cod: CodFacts,
  orderPaise: number,
  number: string,
) {
  const decision = codDecision({
    terms: cod.terms,
    orderPaise,
    pinCodeTakesCash: cod.takesCash,
    recentOrders: cod.recentOrders,
  });
  if (!decision.ok) throw invalid(decision.message);
  const codeSalt = newCodCodeSalt();
  const code = derivedCodCode(deps.cashOnDelivery.codeKey, number, codeSalt);
  return {
    feePaise: decision.feePaise,
    codeSalt,
    codeHash: codCodeHash(deps.cashOnDelivery.codeKey, number, code),
  };
}
