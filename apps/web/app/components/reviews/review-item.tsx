import type { PublicReview } from '@shop/contracts/reviews';
import { ANONYMOUS_REVIEWER, fitVerdict } from '@shop/domain/reviews';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { mediaUrl } from '../../lib/media';
import { StarRating } from '../star-rating';

const verdictWords = {
  runs_small: 'Runs small',
  true_to_size: 'True to size',
  runs_large: 'Runs large',
} as const;
const bandWords = { tight: 'band tight', right: 'band just right', loose: 'band loose' } as const;
const cupWords = { small: 'cups small', right: 'cups just right', big: 'cups big' } as const;

/** 'Runs small · band tight · cups just right' of one review's fit answer. */
export function fitWords(fit: NonNullable<PublicReview['fit']>): string {
  return [
    verdictWords[fitVerdict(fit.overall)],
    fit.band ? bandWords[fit.band] : null,
    fit.cup ? cupWords[fit.cup] : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export const reviewDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

const button =
  'rounded-full border border-line bg-white px-3 py-1 text-sm hover:border-brand-300 disabled:opacity-60';

/**
 * One approved review: stars, title, words, who wrote it in what size, how it fitted her, her
 * photos, the shop's public reply and the 'Helpful' vote (`onHelpful` answers the new count).
 */
export function ReviewItem({
  review,
  onHelpful,
}: {
  review: PublicReview;
  onHelpful: (reviewId: string) => Promise<number>;
}) {
  const [helpful, setHelpful] = useState({ count: review.helpfulCount, voted: false });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function vote() {
    setBusy(true);
    setProblem(null);
    try {
      setHelpful({ count: await onHelpful(review._id), voted: true });
    } catch (error) {
      setProblem(errorMessage(error, 'Failed to record your vote'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="border-t border-line py-5" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.rating} />
        {review.title && <h3 className="font-medium">{review.title}</h3>}
      </div>
      <p className="mt-1 text-sm text-muted">
        {review.author === ANONYMOUS_REVIEWER ? review.author : `${review.author} · Verified buyer`}{' '}
        · {reviewDate(review.createdAt)}
      </p>
      <p className="mt-1 text-sm">
        Size bought <strong>{review.sizeBought.toUpperCase()}</strong>
        {review.usualSize ? ` · usually wears ${review.usualSize.toUpperCase()}` : ''}
        {review.fit ? ` · ${fitWords(review.fit)}` : ''}
      </p>
      <p className="mt-2 whitespace-pre-line break-words leading-relaxed">{review.text}</p>
      <p className="mt-1 text-sm text-muted">
        {review.recommend ? 'Recommends this product' : 'Does not recommend this product'}
      </p>
      {review.photos.length > 0 && (
        <ul className="mt-3 flex gap-2" aria-label="Photos from the reviewer">
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={mediaUrl(photo.url, 1200)} target="_blank" rel="noreferrer">
                <img
                  src={mediaUrl(photo.url, 160)}
                  alt={`Shared by ${review.author} (${index + 1} of ${review.photos.length})`}
                  width={80}
                  height={80}
                  loading="lazy"
                  className="h-20 w-20 rounded-lg object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="mt-3 rounded-xl bg-blush/60 p-3 text-sm" data-testid="shop-reply">
          <p className="font-medium">Reply from Lacebloom</p>
          <p className="mt-1 whitespace-pre-line break-words">{review.reply.text}</p>
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <button
          type="button"
          className={button}
          disabled={busy || helpful.voted}
          aria-pressed={helpful.voted}
          onClick={() => void vote()}
        >
          Helpful ({helpful.count})
        </button>
        {problem && (
          <span role="alert" className="text-brand-800">
            {problem}
          </span>
        )}
      </div>
    </article>
  );
}
