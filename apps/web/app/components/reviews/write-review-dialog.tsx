import {
  createReviewSchema,
  type CreateReviewInput,
  type OwnReview,
  type ReviewPhoto,
} from '@shop/contracts/reviews';
import { braSize } from '@shop/domain/stock';
import {
  bandFits,
  cupFits,
  MAX_REVIEW_PHOTOS,
  type BandFit,
  type CupFit,
} from '@shop/domain/reviews';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { useModalDialog } from '../use-modal-dialog';
import { reviewsApi } from './reviews-api';

/** The order line a review is written for. */
export interface ReviewLine {
  productId: string;
  productName: string;
  orderItemId: string;
  /** Blank when not known (a review sent back to fix names only its size). */
  orderNumber: string;
  size: string;
  colorName: string;
}

/** The form's values from a review she wrote before (one sent back to her to fix). */
export function valuesOf(review: OwnReview): ReviewFormValues {
  return {
    rating: review.rating,
    title: review.title,
    text: review.text,
    recommend: review.recommend,
    overall: review.fit?.overall ?? null,
    band: review.fit?.band ?? null,
    cup: review.fit?.cup ?? null,
    photos: review.photos,
    anonymous: review.anonymous,
  };
}

/** What the form holds as she fills it in: nothing chosen until she chooses. */
export interface ReviewFormValues {
  rating: number | null;
  title: string;
  text: string;
  recommend: boolean | null;
  overall: number | null;
  band: BandFit | null;
  cup: CupFit | null;
  photos: ReviewPhoto[];
  anonymous: boolean;
}

export const emptyReview: ReviewFormValues = {
  rating: null,
  title: '',
  text: '',
  recommend: null,
  overall: null,
  band: null,
  cup: null,
  photos: [],
  anonymous: false,
};

/**
 * The body the API parses, from the form's values: what she left unchosen is left out, so the
 * shared schema answers its own message for it. A band or cup answered without the overall fit
 * still sends `fit`, and the schema asks for the overall fit.
 */
export function reviewBody(orderItemId: string, values: ReviewFormValues): CreateReviewInput {
  const answeredFit = values.overall !== null || values.band !== null || values.cup !== null;
  return {
    orderItemId,
    rating: values.rating ?? (undefined as unknown as number),
    title: values.title,
    text: values.text,
    recommend: values.recommend ?? (undefined as unknown as boolean),
    ...(answeredFit
      ? {
          fit: {
            overall: values.overall ?? (undefined as unknown as number),
            band: values.band,
            cup: values.cup,
          },
        }
      : {}),
    photos: values.photos.map((photo) => photo.id),
    anonymous: values.anonymous,
  };
}

type Problems = Partial<Record<string, string>>;

/** The schema's first message for each field ('fit.overall', 'rating', …), or null when valid. */
export function reviewProblems(body: CreateReviewInput): Problems | null {
  const result = createReviewSchema.safeParse(body);
  if (result.success) return null;
  const problems: Problems = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    problems[key] ??= issue.message;
  }
  return problems;
}

const overallChoices = [
  [1, 'Runs small'],
  [2, 'A little small'],
  [3, 'True to size'],
  [4, 'A little large'],
  [5, 'Runs large'],
] as const;
const bandLabels: Record<BandFit, string> = { tight: 'Tight', right: 'Just right', loose: 'Loose' };
const cupLabels: Record<CupFit, string> = {
  small: 'Too small',
  right: 'Just right',
  big: 'Too big',
};

const input =
  'mt-1 block w-full rounded-xl border bg-white px-3.5 py-2.5 text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';
const chip =
  'cursor-pointer rounded-full border border-line px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300';
const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300';

/** A group of chips, one choice: labelled, its message tied to it. */
function Choices<T extends string | number | boolean>({
  legend,
  name,
  choices,
  value,
  onChange,
  problem,
  hint,
}: {
  legend: string;
  name: string;
  choices: readonly (readonly [T, string])[];
  value: T | null;
  onChange: (value: T) => void;
  problem: string | undefined;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className="mt-4"
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <legend className="text-sm font-medium">
        {legend}
        {hint && <span className="font-normal text-muted"> {hint}</span>}
      </legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {choices.map(([choice, label]) => (
          <label key={String(choice)} className={chip}>
            <input
              type="radio"
              className="sr-only"
              name={name}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            {label}
          </label>
        ))}
      </div>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Writing a review of one delivered order line: stars, title, words, whether she recommends it,
 * how it fitted (overall, and band and cups for a bra), up to three photos, and whether she is
 * shown by name or as 'Verified buyer'. Checked with the schema the API parses; the server's
 * refusal (not a delivered buyer, already reviewed) shows as worded.
 */
export function WriteReviewDialog({
  line,
  editing,
  onClose,
  onSent,
}: {
  line: ReviewLine;
  /** A review the shop sent back to fix: the form starts from it and sends it again. */
  editing?: OwnReview;
  onClose: () => void;
  onSent: (message: string) => void;
}) {
  const dialogRef = useModalDialog(true);
  const { authed } = useAuth();
  const id = useId();
  const [values, setValues] = useState<ReviewFormValues>(() =>
    editing ? valuesOf(editing) : emptyReview,
  );
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const bra = braSize(line.size) !== undefined;

  const set = <K extends keyof ReviewFormValues>(key: K, value: ReviewFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setProblems({});
  };

  async function addPhotos(files: FileList | null) {
    if (!files || files.length === 0) return;
    const room = MAX_REVIEW_PHOTOS - values.photos.length;
    setUploading(true);
    setFailure(null);
    try {
      for (const file of Array.from(files).slice(0, room)) {
        const photo = await authed((api) => reviewsApi(api).uploadPhoto(file, file.name));
        setValues((current) => ({ ...current, photos: [...current.photos, photo] }));
      }
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to upload the photo'));
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const body = reviewBody(line.orderItemId, values);
    const found = reviewProblems(body);
    if (found) {
      setProblems(found);
      setFailure('Some answers need attention: see the messages below them.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      if (editing) {
        const { orderItemId: _line, ...fields } = body;
        await authed((api) => reviewsApi(api).edit(editing._id, fields));
      } else {
        await authed((api) => reviewsApi(api).create(line.productId, body));
      }
      onSent('Thank you! Your review will appear once the shop has read it.');
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to send your review'));
      setBusy(false);
    }
  }

  const textId = `${id}-text`;
  const titleId = `${id}-title`;
  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby={`${id}-heading`}
      className="m-auto max-h-[92vh] w-[min(94vw,36rem)] overflow-y-auto rounded-2xl bg-white p-5 text-ink backdrop:bg-ink/50 sm:p-6"
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-heading`} className="font-serif text-2xl">
          Review {line.productName}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {[
            `Size ${line.size.toUpperCase()}`,
            line.colorName,
            line.orderNumber ? `order ${line.orderNumber}` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {failure && (
          <p role="alert" className="mt-3 rounded-lg bg-red-600 px-3 py-2 text-sm text-white">
            {failure}
          </p>
        )}
        <Choices
          legend="Your rating"
          name="rating"
          choices={[1, 2, 3, 4, 5].map((star) => [star, `${star} ★`] as const)}
          value={values.rating}
          onChange={(rating) => set('rating', rating)}
          problem={problems.rating}
        />
        <div className="mt-4">
          <label htmlFor={titleId} className="text-sm font-medium">
            Title <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            id={titleId}
            value={values.title}
            onChange={(event) => set('title', event.target.value)}
            aria-invalid={problems.title ? true : undefined}
            aria-describedby={problems.title ? `${titleId}-problem` : undefined}
            className={`${input} ${problems.title ? 'border-red-600' : 'border-line'}`}
          />
          {problems.title && (
            <p id={`${titleId}-problem`} className="mt-1 text-sm font-medium text-red-700">
              {problems.title}
            </p>
          )}
        </div>
        <div className="mt-4">
          <label htmlFor={textId} className="text-sm font-medium">
            Your review
          </label>
          <textarea
            id={textId}
            rows={4}
            value={values.text}
            onChange={(event) => set('text', event.target.value)}
            aria-invalid={problems.text ? true : undefined}
            aria-describedby={problems.text ? `${textId}-problem` : undefined}
            className={`${input} ${problems.text ? 'border-red-600' : 'border-line'}`}
          />
          {problems.text && (
            <p id={`${textId}-problem`} className="mt-1 text-sm font-medium text-red-700">
              {problems.text}
            </p>
          )}
        </div>
        <Choices
          legend="Would you recommend it?"
          name="recommend"
          choices={[
            [true, 'Yes'],
            [false, 'No'],
          ]}
          value={values.recommend}
          onChange={(recommend) => set('recommend', recommend)}
          problem={problems.recommend}
        />
        <Choices
          legend="How did it fit?"
          hint="(optional)"
          name="overall"
          choices={overallChoices}
          value={values.overall}
          onChange={(overall) => set('overall', overall)}
          problem={problems['fit.overall'] ?? problems.fit}
        />
        {bra && (
          <>
            <Choices
              legend="The band"
              hint="(optional)"
              name="band"
              choices={bandFits.map((fit) => [fit, bandLabels[fit]] as const)}
              value={values.band}
              onChange={(band) => set('band', band)}
              problem={problems['fit.band']}
            />
            <Choices
              legend="The cups"
              hint="(optional)"
              name="cup"
              choices={cupFits.map((fit) => [fit, cupLabels[fit]] as const)}
              value={values.cup}
              onChange={(cup) => set('cup', cup)}
              problem={problems['fit.cup']}
            />
          </>
        )}
        <div className="mt-4">
          <label htmlFor={`${id}-photos`} className="text-sm font-medium">
            Photos{' '}
            <span className="font-normal text-muted">
              (optional, up to {MAX_REVIEW_PHOTOS}; the shop sees each before it is shown)
            </span>
          </label>
          {values.photos.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2">
              {values.photos.map((photo, index) => (
                <li key={photo.id} className="flex flex-col items-center gap-1">
                  <img
                    src={photo.url}
                    alt={`Your upload ${index + 1}`}
                    width={72}
                    height={72}
                    className="h-18 w-18 rounded-lg object-cover"
                  />
                  <button
                    type="button"
                    className="text-xs underline"
                    onClick={() =>
                      set(
                        'photos',
                        values.photos.filter((kept) => kept.id !== photo.id),
                      )
                    }
                  >
                    Remove photo {index + 1}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {values.photos.length < MAX_REVIEW_PHOTOS && (
            <input
              id={`${id}-photos`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              disabled={uploading}
              onChange={(event) => {
                void addPhotos(event.target.files);
                event.target.value = '';
              }}
              className="mt-1 block w-full text-sm"
            />
          )}
          {uploading && (
            <p role="status" className="mt-1 text-sm text-muted">
              Uploading...
            </p>
          )}
          {problems.photos && (
            <p className="mt-1 text-sm font-medium text-red-700">{problems.photos}</p>
          )}
        </div>
        <Choices
          legend="Show my review as"
          name="anonymous"
          choices={[
            [false, 'My first name and initial'],
            [true, 'Verified buyer'],
          ]}
          value={values.anonymous}
          onChange={(anonymous) => set('anonymous', anonymous)}
          problem={undefined}
        />
        <div className="mt-5 flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={busy || uploading}
            className="rounded-full bg-brand-600 px-5 py-2 font-medium text-white disabled:opacity-50"
          >
            {busy ? 'Sending...' : 'Send review'}
          </button>
          <button type="button" onClick={onClose} className={button}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
