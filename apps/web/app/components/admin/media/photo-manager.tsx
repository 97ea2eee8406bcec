import {
  useEffect,
  useId,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import {
  MAX_PHOTOS,
  photoListSchema,
  type PhotoInput,
  type MediaUploaded,
} from '@shop/contracts/media';
import {
  focalPointOf,
  MAX_UPLOAD_BYTES,
  moveItem,
  uploadMessages,
} from '@shop/domain/media-uploads';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { mediaUrl } from '../../../lib/media';
import { mediaApi } from './media-api';

const button =
  'rounded-full border border-line bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-300 disabled:opacity-40';

/** The file picker offers what the server may take; the server decides by the bytes. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif';

/**
 * A photo the manager can hold: an upload (its media id), or one a form kept from before uploads
 * (its address alone, no media id), which can still be reordered, described and removed.
 */
export type ManagedPhoto = Omit<PhotoInput, 'mediaId'> & { mediaId: string | null };

/** What tells two photos of one list apart. */
const keyOf = (photo: ManagedPhoto) => photo.mediaId ?? photo.url;

/** Problems per photo, by its place in the list: what a form shows once it tried to save. */
export type PhotoErrors = Record<number, string>;

/**
 * The photos as the form's schema takes them, or each photo's first problem (and the list's, at
 * -1): a form refuses to save while any photo has no alt text.
 */
export function validatePhotos(
  value: PhotoInput[],
): { ok: true; photos: PhotoInput[] } | { ok: false; errors: PhotoErrors } {
  const parsed = photoListSchema.safeParse(value);
  if (parsed.success) return { ok: true, photos: parsed.data };
  const errors: PhotoErrors = {};
  for (const issue of parsed.error.issues) {
    const index = typeof issue.path[0] === 'number' ? issue.path[0] : -1;
    errors[index] ??= issue.message;
  }
  return { ok: false, errors };
}

/** One file on its way up: how much is sent, or why it was refused. */
interface Upload {
  key: string;
  name: string;
  progress: number;
  error?: string;
}

/**
 * Uploads files one after another (the server cleans one photo at a time anyway), answering each
 * stored photo to `onUploaded`; a file over the limit is refused here with the server's own words.
 */
export function usePhotoUploads(onUploaded: (photo: MediaUploaded, name: string) => void) {
  const { authed } = useAuth();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const counter = useRef(0);
  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function add(files: File[]) {
    const queued = files.map((file) => {
      counter.current += 1;
      return { file, key: `upload-${counter.current}` };
    });
    setUploads((list) => [
      ...list,
      ...queued.map(({ file, key }) => ({ key, name: file.name, progress: 0 })),
    ]);
    for (const { file, key } of queued) {
      if (file.size > MAX_UPLOAD_BYTES) {
        update(key, { error: uploadMessages.tooLarge });
        continue;
      }
      try {
        const photo = await authed((api) =>
          mediaApi(api).upload(file, (progress) => update(key, { progress })),
        );
        setUploads((list) => list.filter((item) => item.key !== key));
        onUploaded(photo, file.name);
      } catch (error) {
        update(key, { error: errorMessage(error, 'The photo could not be uploaded') });
      }
    }
  }

  const dismiss = (key: string) => setUploads((list) => list.filter((item) => item.key !== key));
  return { uploads, add, dismiss };
}

/** The file input and drop area of a photo manager. */
export function PhotoDropZone({
  label,
  onFiles,
  disabled = false,
}: {
  label: string;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const [over, setOver] = useState(false);

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0 && !disabled) onFiles(files);
  }

  return (
    <div
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) {
          event.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`rounded-2xl border-2 border-dashed p-4 text-sm ${
        over ? 'border-brand-600 bg-blush' : 'border-line bg-white'
      }`}
    >
      <label htmlFor={inputId} className="block font-medium">
        {label}
      </label>
      <p className="mt-1 text-muted">
        JPEG, PNG, WebP or AVIF, at most 20 MB and 6000 × 6000 pixels. Drop photos here or choose
        them.
      </p>
      <input
        id={inputId}
        type="file"
        multiple
        accept={ACCEPT}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
        className="mt-3 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-medium file:text-white"
      />
    </div>
  );
}

/** Files on their way up, each with its progress or the reason it was refused. */
export function UploadList({
  uploads,
  onDismiss,
}: {
  uploads: Upload[];
  onDismiss: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="flex flex-col gap-2">
      {uploads.map((upload) => (
        <li
          key={upload.key}
          className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-white px-3 py-2 text-sm"
        >
          <span className="min-w-0 flex-1 break-all font-medium">{upload.name}</span>
          {upload.error ? (
            <>
              <span role="alert" className="basis-full text-brand-800 sm:basis-auto">
                {upload.error}
              </span>
              <button type="button" className={button} onClick={() => onDismiss(upload.key)}>
                Dismiss
              </button>
            </>
          ) : (
            <progress
              max={1}
              value={upload.progress}
              aria-label={`Uploading ${upload.name}`}
              className="h-2 w-32 accent-brand-600"
            />
          )}
        </li>
      ))}
    </ul>
  );
}

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/**
 * The photo with its focal point (what a crop keeps in view): a click on the image puts it there;
 * the arrow keys move it in steps of 5 %.
 */
export function FocalPointPicker({
  photo,
  name,
  onChange,
}: {
  photo: Pick<ManagedPhoto, 'url' | 'focalX' | 'focalY'>;
  name: string;
  onChange: (focal: { focalX: number; focalY: number }) => void;
}) {
  const focalX = photo.focalX ?? 0.5;
  const focalY = photo.focalY ?? 0.5;

  function click(event: MouseEvent<HTMLButtonElement>) {
    // A keyboard's Enter or Space has no place on the image.
    if (event.detail === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    onChange(focalPointOf(event.clientX - box.left, event.clientY - box.top, box));
  }

  function nudge(event: KeyboardEvent<HTMLButtonElement>) {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [-0.05, 0],
      ArrowRight: [0.05, 0],
      ArrowUp: [0, -0.05],
      ArrowDown: [0, 0.05],
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
    onChange({ focalX: clamp(focalX + step[0]), focalY: clamp(focalY + step[1]) });
  }

  return (
    <button
      type="button"
      onClick={click}
      onKeyDown={nudge}
      aria-label={`Focal point of ${name}: ${percent(focalX)} across, ${percent(focalY)} down. Click the photo or use the arrow keys to move it.`}
      className="relative block w-full cursor-crosshair overflow-hidden rounded-xl bg-blush"
    >
      <img
        src={mediaUrl(photo.url, 400)}
        alt=""
        draggable={false}
        className="block h-auto w-full"
      />
      <span
        aria-hidden="true"
        className="absolute h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600 shadow"
        style={{ left: percent(focalX), top: percent(focalY) }}
      />
    </button>
  );
}

/**
 * A form's photos: upload (file input or drop), progress and refusals per file, thumbnails in the
 * order shoppers see them (drag, or the Move buttons, announced to screen readers), alt text for
 * each, and a focal point picked on the image. The value is the contracts' photo list.
 */
export function PhotoManager<P extends ManagedPhoto>({
  label,
  addLabel = 'Add photos',
  value,
  onChange,
  errors = {},
  max = MAX_PHOTOS,
}: {
  /** Names the group, e.g. "Photos of Rose". */
  label: string;
  /** Names the file input; unique on the page when a form holds several managers. */
  addLabel?: string;
  value: P[];
  onChange: (next: P[]) => void;
  /** From validatePhotos, once the form tried to save. */
  errors?: PhotoErrors;
  max?: number;
}) {
  const groupId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  /** After a move, the button that moved the photo keeps the focus (once, then typing is free). */
  const focusAfterMove = useRef<{ key: string; dir: string } | null>(null);
  const cards = useRef(new Map<string, HTMLLIElement>());
  // Uploads finish after renders: they add to the newest list, never to the one they began with.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const { uploads, add, dismiss } = usePhotoUploads((photo, name) => {
    const current = latest.current;
    if (current.some((item) => item.mediaId === photo.id)) {
      setAnnouncement(`${name} is already among these photos.`);
      return;
    }
    // A new upload has every field a photo list's entries have (a form's type adds none).
    const added = { mediaId: photo.id, url: photo.url, alt: '', focalX: 0.5, focalY: 0.5 } as P;
    const next = [...current, added];
    latest.current = next;
    onChange(next);
    setAnnouncement(`${name} uploaded as photo ${next.length}. Add its alt text.`);
  });

  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const card = cards.current.get(pending.key);
    const wanted = card?.querySelector<HTMLButtonElement>(`[data-move="${pending.dir}"]`);
    const target =
      wanted && !wanted.disabled
        ? wanted
        : card?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    target?.focus();
  }, [value]);

  const nameOf = (index: number) => `photo ${index + 1}`;
  const update = (index: number, change: Partial<ManagedPhoto>) =>
    onChange(value.map((photo, at) => (at === index ? { ...photo, ...change } : photo)));

  function move(from: number, to: number, dir: 'earlier' | 'later' | 'drag') {
    if (to < 0 || to >= value.length || from === to) return;
    const moved = value[from]!;
    onChange(moveItem(value, from, to));
    setAnnouncement(
      `Photo ${from + 1} moved to position ${to + 1} of ${value.length}${to === 0 ? ': it is now the main photo' : ''}.`,
    );
    if (dir !== 'drag') focusAfterMove.current = { key: keyOf(moved), dir };
  }

  function remove(index: number) {
    onChange(value.filter((_, at) => at !== index));
    setAnnouncement(`Photo ${index + 1} removed.`);
  }

  const full = value.length >= max;

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="text-lg font-medium">{label}</legend>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {errors[-1] ? (
        <p role="alert" className="text-sm text-brand-800">
          {errors[-1]}
        </p>
      ) : null}
      {value.length > 0 ? (
        <ol
          aria-label={`${label}, in the order shoppers see them`}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {value.map((photo, index) => {
            const altId = `${groupId}-alt-${index}`;
            const errorId = `${altId}-error`;
            const problem = errors[index];
            return (
              <li
                key={keyOf(photo)}
                ref={(element) => {
                  if (element) cards.current.set(keyOf(photo), element);
                  else cards.current.delete(keyOf(photo));
                }}
                draggable
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', keyOf(photo));
                }}
                onDragOver={(event) => {
                  if (dragged !== null) event.preventDefault();
                }}
                onDrop={(event) => {
                  if (dragged === null) return;
                  event.preventDefault();
                  event.stopPropagation();
                  move(dragged, index, 'drag');
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
                className={`flex flex-col gap-3 rounded-2xl border bg-white p-3 ${
                  dragged === index ? 'border-brand-600 opacity-60' : 'border-line'
                }`}
              >
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="font-medium">
                    Photo {index + 1}
                    {index === 0 ? ' · main' : ''}
                  </span>
                  <span className="text-muted" aria-hidden="true">
                    Drag to reorder
                  </span>
                </div>
                <FocalPointPicker
                  photo={photo}
                  name={nameOf(index)}
                  onChange={(focal) => update(index, focal)}
                />
                <div>
                  <label htmlFor={altId} className="block text-sm font-medium">
                    Alt text of {nameOf(index)} (required)
                  </label>
                  <input
                    id={altId}
                    type="text"
                    value={photo.alt ?? ''}
                    maxLength={250}
                    onChange={(event) => update(index, { alt: event.target.value })}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? errorId : undefined}
                    placeholder="e.g. Rose lace balconette bra, front"
                    className="mt-1 block w-full rounded-xl border border-line px-3 py-2 text-sm"
                  />
                  {problem ? (
                    <p id={errorId} className="mt-1 text-sm text-brand-800">
                      {problem}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    data-move="earlier"
                    className={button}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, 'earlier')}
                    aria-label={`Move ${nameOf(index)} earlier`}
                  >
                    ← Earlier
                  </button>
                  <button
                    type="button"
                    data-move="later"
                    className={button}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, index + 1, 'later')}
                    aria-label={`Move ${nameOf(index)} later`}
                  >
                    Later →
                  </button>
                  <button
                    type="button"
                    className={button}
                    onClick={() => remove(index)}
                    aria-label={`Remove ${nameOf(index)}`}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <PhotoDropZone
        label={full ? `${label}: at most ${max}` : addLabel}
        onFiles={(files) => void add(files.slice(0, Math.max(0, max - value.length)))}
        disabled={full}
      />
      <UploadList uploads={uploads} onDismiss={dismiss} />
    </fieldset>
  );
}
