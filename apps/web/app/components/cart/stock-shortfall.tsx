import { stockShortfall } from '@shop/domain/cart';

/** `Only 2 left` under a line whose size's stock fell below its quantity; nothing otherwise. */
export function StockShortfall({ item }: { item: { quantity: number; stock: number } }) {
  const shortfall = stockShortfall(item);
  if (!shortfall) return null;
  return (
    <p className="mt-1 text-sm font-medium text-red-700" data-testid="stock-shortfall">
      {shortfall}
    </p>
  );
}
