import {
  adminReviewsQuery,
  type AdminReviewRow,
  type AdminReviewsPage,
} from '@shop/contracts/reviews';
import { reviewStates, type ReviewFlag, type ReviewState } from '@shop/domain/reviews';
import { useState } from 'react';
import { authed } from '../../../lib/auth-session';
import { mediaUrl } from '../../../lib/media';
import { fitWords } from '../../reviews/review-item';
import { StarRating } from '../../star-rating';
import { useModalDialog } from '../../use-modal-dialog';
import { formatIndiaDateTime } from '../admin-format';
import * as list from '../list-page/list-page';
import { ReviewDecisionForm } from './review-decision-form';
import { reviewsDeskApi } from './reviews-desk-api';

const stateLabels: Record<ReviewState, string> = {
  pending: 'Waiting to be read',
  approved: 'Approved',
  rejected: 'Rejected',
};

const flagLabels: Record<ReviewFlag, string> = {
  profanity: 'Profanity',
  contains_link: 'Link',
  contains_email: 'E-mail address',
  contains_phone: 'Phone number',
  has_photos: 'Photos to check',
};

const smallButton =
  'rounded-full border border-line bg-white px-4 py-1.5 text-sm font-medium hover:border-brand-300';

/** The review's words and facts: stars, title, text, size bought and how it fitted. */
function ReviewWords({ review, full = false }: { review: AdminReviewRow; full?: boolean }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <StarRating value={review.rating} />
        {review.title && <span className="font-medium">{review.title}</span>}
      </div>
      <p className={`mt-1 whitespace-pre-line break-words ${full ? '' : 'line-clamp-4'}`}>
        {review.text}
      </p>
      <p className="mt-1 text-muted">
        Size {review.sizeBought.toUpperCase()}
        {review.usualSize ? ` (usually ${review.usualSize.toUpperCase()})` : ''}
        {review.fit ? ` · ${fitWords(review.fit)}` : ''} ·{' '}
        {review.recommend ? 'recommends it' : 'does not recommend it'}
      </p>
    </>
  );
}

/** Each photo, as the desk must see every one before shoppers do. */
function ReviewPhotos({ review, size = 64 }: { review: AdminReviewRow; size?: number }) {
  if (review.photos.length === 0) return <span className="text-muted">No photos</span>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Photos">
      {review.photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={mediaUrl(photo.url, 1200)} target="_blank" rel="noreferrer">
            <img
              src={mediaUrl(photo.url, size * 2)}
              alt={`Attached to the review (${index + 1} of ${review.photos.length})`}
              width={size}
              height={size}
              className="rounded-lg object-cover"
              style={{ width: size, height: size }}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The flags a person should look twice at; profanity stands out. */
function ReviewFlags({ flags }: { flags: readonly ReviewFlag[] }) {
  if (flags.length === 0) return <span className="text-muted">No flags</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Flags">
      {flags.map((flag) => (
        <li
          key={flag}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            flag === 'profanity' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {flagLabels[flag]}
        </li>
      ))}
    </ul>
  );
}

/** The product, who wrote the review (and how shoppers will see her), her order and when. */
function Author({ review }: { review: AdminReviewRow }) {
  return (
    <div>
      <list.RowLink to={`/product/${encodeURIComponent(review.product._id)}`}>
        {review.product.name}
      </list.RowLink>
      <div className="text-muted">
        {review.author.name} · shown as {review.author.displayName}
      </div>
      <div className="break-all text-muted">{review.author.email}</div>
      <div className="text-muted">
        {review.orderNumber} · {formatIndiaDateTime(review.submittedAt)}
      </div>
    </div>
  );
}

/** The reviews for the URL's state, loaded in the browser with the signed-in client. */
export const reviewsDeskLoader = list.listLoader(adminReviewsQuery, (api, query) =>
  reviewsDeskApi(api).list(query),
);

/**
 * /admin/reviews: the moderation queue (waiting reviews first, oldest first), each review with
 * its photos and flags, and a dialog to approve or reject it with a reply.
 */
export function ReviewsDeskPage() {
  const view = list.useListData(reviewsDeskLoader);
  const [open, setOpen] = useState<AdminReviewRow | null>(null);
  const { notice, setNotice } = list.useListActions();

  const moderate = (review: AdminReviewRow) => (
    <button
      type="button"
      className={smallButton}
      onClick={() => setOpen(review)}
      aria-label={`Moderate the review of ${review.product.name} by ${review.author.displayName}`}
    >
      Moderate
    </button>
  );

  const c = list.listColumns<AdminReviewRow>();
  const columns = [
    c.cell('Review', (review) => <ReviewWords review={review} />, 'min-w-72 max-w-md'),
    c.cell('Product and author', (review) => <Author review={review} />, 'min-w-56'),
    c.cell('Photos', (review) => <ReviewPhotos review={review} />, 'min-w-24'),
    c.cell('Flags', (review) => <ReviewFlags flags={review.flags} />, 'min-w-28'),
    c.cell(
      'Decision',
      (review) => (
        <div className="flex flex-col items-start gap-2">
          <span>{stateLabels[review.state]}</span>
          {moderate(review)}
        </div>
      ),
      'whitespace-nowrap',
    ),
  ];

  const card = (review: AdminReviewRow) => (
    <list.ListCard
      title={<Author review={review} />}
      aside={<span>{stateLabels[review.state]}</span>}
    >
      <div className="mt-2">
        <ReviewWords review={review} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <ReviewPhotos review={review} size={56} />
        <ReviewFlags flags={review.flags} />
      </div>
      <div className="mt-3">{moderate(review)}</div>
    </list.ListCard>
  );

  return (
    <>
      <list.ListPage<AdminReviewRow, unknown, AdminReviewsPage>
        list={view}
        rows={(answer) => answer.reviews}
        title="Reviews"
        intro={
          <p className="-mt-4 text-sm text-muted">
            Reviews from buyers whose order was delivered, oldest first. Every review and every
            photo is read by a person before shoppers see it; a low rating is never held back for
            being low.
          </p>
        }
        filters={{
          label: 'Filter reviews',
          className: 'grid gap-3 sm:max-w-xs',
          search: [list.selectFilter('state', 'State', undefined, reviewStates, stateLabels)],
        }}
        above={<list.ListNotice notice={notice} />}
        problemFallback="Showing the reviews waiting to be read instead."
        label="Reviews"
        columns={columns}
        card={card}
        emptyText="No review in this state."
      />
      {open && (
        <DecisionDialog
          review={open}
          onClose={() => setOpen(null)}
          onDecided={(message) => {
            setOpen(null);
            setNotice({ ok: true, text: message });
            view.reload();
          }}
        />
      )}
    </>
  );
}

/** The whole review (all its words, its photos larger) and the decision form. */
function DecisionDialog({
  review,
  onClose,
  onDecided,
}: {
  review: AdminReviewRow;
  onClose: () => void;
  onDecided: (message: string) => void;
}) {
  const dialogRef = useModalDialog(true);
  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby="review-decision-title"
      className="m-auto max-h-[92vh] w-[min(94vw,40rem)] overflow-y-auto rounded-2xl bg-white p-5 text-ink backdrop:bg-ink/50 sm:p-6"
    >
      <h2 id="review-decision-title" className="font-serif text-2xl">
        Review of {review.product.name}
      </h2>
      <div className="mt-3 text-sm">
        <p className="break-all text-muted">
          {review.author.name} (shown as {review.author.displayName}) · {review.author.email} ·{' '}
          {review.orderNumber}
        </p>
        <div className="mt-2">
          <ReviewWords review={review} full />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <ReviewPhotos review={review} size={120} />
          <ReviewFlags flags={review.flags} />
        </div>
      </div>
      <div className="mt-5 border-t border-line pt-4">
        <ReviewDecisionForm
          review={review}
          decide={(body) => authed((api) => reviewsDeskApi(api).decide(review._id, body))}
          onDecided={onDecided}
        />
      </div>
      <button type="button" className={`${smallButton} mt-4`} onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
