import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useMySize } from './my-size';

// The finder loads when she opens it: the profile's first load stays within its budget.
const SizeFinderPanel = lazy(() =>
  import('./size-finder-panel').then((module) => ({ default: module.SizeFinderPanel })),
);

/** The profile's 'My size' card: her saved bra size and the finder to find or change it. */
export function MySizeCard() {
  const { size } = useMySize();
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="my-size-heading"
      className="rounded-2xl border border-line bg-white p-5 md:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="my-size-heading" className="font-serif text-xl">
            My size
          </h2>
          <p className="mt-1 text-sm text-muted" data-testid="profile-my-size">
            {size ? (
              <>
                Your bra size: <strong className="text-ink">{size}</strong> ·{' '}
                <Link
                  to={`/products?size=${encodeURIComponent(size)}&sisterSizes=true`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  Shop in my size
                </Link>
              </>
            ) : (
              'Save your bra size and the shop shows it on every bra.'
            )}
          </p>
        </div>
        {!open && (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="rounded-full border border-line bg-white px-5 py-2 text-sm font-medium text-ink hover:border-brand-300"
          >
            {size ? 'Find it again' : 'Find my size'}
          </button>
        )}
      </div>
      {open && (
        <div className="mt-4">
          <Suspense fallback={<p className="text-sm text-muted">Loading the size finder...</p>}>
            <SizeFinderPanel showSaved={false} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
