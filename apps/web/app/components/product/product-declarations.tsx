import type { Product } from '@shop/contracts/catalogue';
import { registeredAddress, useShopSettings } from '../../lib/shop-legal';

/**
 * The package's declarations India's Legal Metrology (Packaged Commodities) Rules ask an online
 * shop to show beside the goods. A product whose manufacturer or importer the owner has not
 * entered is the shop's own brand: the shop, as its marketer, is named with its address.
 */
export function ProductDeclarations({ product }: { product: Product }) {
  const shop = useShopSettings();
  const maker =
    product.manufacturer ||
    (shop ? `Marketed by ${shop.legalName}, ${registeredAddress(shop)}` : '');
  const rows: [string, string | undefined][] = [
    ['Generic name', product.genericName],
    ['Net quantity', product.netQuantity],
    ['Country of origin', product.countryOfOrigin],
    ['Manufacturer or importer', maker],
  ];
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="declarations-heading" className="border-t border-line pt-6">
      <h2 id="declarations-heading" className="font-serif text-xl">
        Product declarations
      </h2>
      <dl className="mt-3 text-sm" data-testid="declarations">
        {shown.map(([label, value]) => (
          <div
            key={label}
            className="grid gap-1 border-b border-line py-2 last:border-0 sm:grid-cols-[11rem_1fr]"
          >
            <dt className="font-medium text-ink">{label}</dt>
            <dd className="whitespace-pre-line text-muted">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
