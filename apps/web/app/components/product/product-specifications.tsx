import type { Product } from '@shop/contracts/catalogue';

/** The specifications table, in the order the shop set for each row. */
export function ProductSpecifications({
  specifications,
}: {
  specifications: Product['specifications'];
}) {
  if (specifications.length === 0) return null;
  const rows = [...specifications].sort((a, b) => a.order - b.order);
  return (
    <section aria-labelledby="specifications-heading">
      <h2 id="specifications-heading" className="font-serif text-xl">
        Specifications
      </h2>
      <table className="mt-3 w-full border-collapse text-sm" data-testid="specifications">
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.order}-${row.label}`} className="border-b border-line last:border-b-0">
              <th
                scope="row"
                className="w-1/3 py-2.5 pr-4 text-left align-top font-medium text-ink"
              >
                {row.label}
              </th>
              <td className="py-2.5 text-muted">{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
