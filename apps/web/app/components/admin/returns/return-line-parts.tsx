import { Link } from 'react-router';
import type { ReturnsDeskRow } from '@shop/contracts/returns-desk';
import { returnLineStanding } from '@shop/domain/returns';
import { imageWidths } from '../../../lib/media';
import { ResponsiveImage } from '../../responsive-image';
import { stateWords } from '../admin-format';

/** What was bought and what is asked: "Lace Bra · Black · 34B × 1", "Exchange for size 36B". */
export function ReturnItem({ line, link = false }: { line: ReturnsDeskRow; link?: boolean }) {
  const wanted = line.exchangeFor
    ? `Exchange for ${
        line.exchangeFor.colorName.toLowerCase() === line.colorName.toLowerCase()
          ? ''
          : `${line.exchangeFor.colorName}, `
      }size ${line.exchangeFor.size.toUpperCase()}`
    : 'Return for a refund';
  return (
    <div className="flex gap-3">
      <ResponsiveImage
        src={line.productImage}
        alt=""
        width={44}
        height={55}
        widths={imageWidths.thumbnail}
        sizes="44px"
        className="h-[55px] w-11 shrink-0 rounded-lg bg-blush object-cover"
      />
      <div className="min-w-0">
        {link ? (
          <Link
            to={`/admin/returns/${line._id}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {line.productName}
          </Link>
        ) : (
          <p className="font-medium">{line.productName}</p>
        )}
        <p className="text-muted">
          {line.colorName} · Size {line.size.toUpperCase()} · Qty {line.quantity}
        </p>
        <p>{wanted}</p>
      </div>
    </div>
  );
}

const TONES = {
  refused: 'bg-red-100 text-red-900',
  open: 'bg-amber-100 text-amber-900',
  settled: 'bg-green-100 text-green-900',
} as const;

/** Red for lines refused, amber while the desk still has work, green once settled. */
const tone = (line: ReturnsDeskRow) => TONES[returnLineStanding(line.state)];

/** The line's state in the desk's words, and what the shopper reads in My Orders. */
export function ReturnStateBadge({ line }: { line: ReturnsDeskRow }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone(line)}`}>
        {stateWords(line.state)}
      </span>
      <span className="text-xs text-muted">Shopper sees: {line.stateLabel}</span>
    </div>
  );
}
