import type { Product } from '@shop/contracts/catalogue';
import { useNonce } from '../../lib/nonce';
import { productJsonLd, scriptSafeJson } from './product-seo';

/**
 * The schema.org Product block. A data block is never executed, but the CSP still sees a <script>
 * element, so it carries this response's nonce like every other script.
 */
export function ProductJsonLd({ product, publicUrl }: { product: Product; publicUrl: string }) {
  const nonce = useNonce();
  return (
    <script type="application/ld+json" nonce={nonce || undefined}>
      {scriptSafeJson(productJsonLd(product, publicUrl))}
    </script>
  );
}
