import type { PickList } from '@shop/contracts/dispatch';

/** What to pull from the shelves for the selected orders; prints on its own. */
export function PickListPanel({ pickList, onClose }: { pickList: PickList; onClose: () => void }) {
  return (
    <section
      aria-labelledby="pick-list-title"
      className="rounded-2xl border border-line bg-white p-4 print:border-0 print:p-0"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pick-list-title" className="font-serif text-2xl">
          Pick list
        </h2>
        <div className="flex gap-2 print:hidden">
          <button
            type="button"
            onClick={() => window.print()}
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Print
          </button>
          <button
            type="button"
            onClick={onClose}
            className="rounded-full border border-line bg-white px-4 py-2 text-sm font-medium"
          >
            Close
          </button>
        </div>
      </div>
      <p className="mt-1 text-sm text-muted">
        {pickList.totalPieces} {pickList.totalPieces === 1 ? 'piece' : 'pieces'} for{' '}
        {pickList.orders.length} {pickList.orders.length === 1 ? 'order' : 'orders'}:{' '}
        {pickList.orders.map((order) => order.orderNumber).join(', ')}
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Pieces to pull, by product, colour and size</caption>
          <thead className="border-b border-line">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Product
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Colour
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Size
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Pull
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Orders
              </th>
            </tr>
          </thead>
          <tbody>
            {pickList.lines.map((line) => (
              <tr
                key={`${line.productId}-${line.colorName}-${line.size}`}
                className="border-b border-line last:border-0"
              >
                <td className="py-2 pr-3">{line.productName}</td>
                <td className="py-2 pr-3">{line.colorName}</td>
                <td className="py-2 pr-3">{line.size}</td>
                <td className="py-2 pr-3 text-right font-semibold">{line.quantity}</td>
                <td className="py-2 text-right">{line.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
