import type { ReviewSummaryAnswer } from '@shop/contracts/reviews';
import { fitBarWords } from '@shop/domain/review-fit-words';
import { StarRating } from '../star-rating';

const STARS = [5, 4, 3, 2, 1] as const;

/** The average in stars and figures, and how many reviews gave each star. */
export function ReviewSummary({ summary }: { summary: ReviewSummaryAnswer }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-8">
      <div>
        <p className="font-serif text-4xl" data-testid="review-average">
          {summary.average.toFixed(1)}
        </p>
        <StarRating value={summary.average} size={18} />
        <p className="mt-1 text-sm text-muted">
          {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
        </p>
      </div>
      <ul className="flex-1 space-y-1 text-sm" aria-label="Reviews by stars">
        {STARS.map((star) => {
          const count = summary.distribution[star];
          const share = summary.count > 0 ? Math.round((count * 100) / summary.count) : 0;
          return (
            <li key={star} className="flex items-center gap-2">
              <span className="w-12 shrink-0">{star} star</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-blush" aria-hidden="true">
                <span className="block h-full bg-amber-500" style={{ width: `${share}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right text-muted">
                <span className="sr-only">{star} star: </span>
                {count}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * How the product fits, once enough reviewers said: a bar of runs small / true to size / runs
 * large and the line in words ('72 % say true to size · band runs small').
 */
export function FitBar({ fit }: { fit: ReviewSummaryAnswer['fit'] }) {
  const words = fitBarWords(fit);
  if (!words) return null;
  const parts = [
    { label: 'Runs small', share: fit.runsSmall, colour: 'bg-brand-300' },
    { label: 'True to size', share: fit.trueToSize, colour: 'bg-green-600' },
    { label: 'Runs large', share: fit.runsLarge, colour: 'bg-amber-400' },
  ];
  return (
    <section aria-labelledby="fit-bar-heading" className="rounded-2xl bg-blush/50 p-4">
      <h3 id="fit-bar-heading" className="text-sm font-medium">
        How it fits{' '}
        <span className="font-normal text-muted">
          ({fit.count} {fit.count === 1 ? 'answer' : 'answers'})
        </span>
      </h3>
      <p className="mt-1 font-medium" data-testid="fit-bar-words">
        {words.line}
      </p>
      <div className="mt-2 flex h-2 overflow-hidden rounded-full bg-white" aria-hidden="true">
        {parts.map((part) => (
          <span key={part.label} className={part.colour} style={{ width: `${part.share}%` }} />
        ))}
      </div>
      <ul className="mt-1 flex justify-between text-xs text-muted">
        {parts.map((part) => (
          <li key={part.label}>
            {part.label} {part.share} %
          </li>
        ))}
      </ul>
    </section>
  );
}
