import { useState } from 'react';
import { Link } from 'react-router';
import type { BraFinderInput } from '@shop/domain/size-finder';
import { askBraSize } from './fit-api';
import { useMySize } from './my-size';
import { SizeFinder, type FinderAnswer } from './size-finder';

/** How long typing may pause before the question goes to the API. */
const ASK_AFTER_MS = 300;

/**
 * The API's answer for the shop's default chart, asked once typing pauses: a question replaced
 * while it waits is never sent (the finder drops its answer anyway).
 */
function askWhenTypingPauses() {
  const asked = { latest: 0 };
  return async (question: BraFinderInput): Promise<FinderAnswer> => {
    asked.latest += 1;
    const mine = asked.latest;
    await new Promise((resolve) => setTimeout(resolve, ASK_AFTER_MS));
    if (mine !== asked.latest) throw new Error('A newer question replaced this one');
    const { size, sisterSizes, confidence, reason } = await askBraSize(question);
    return { size, sisterSizes, confidence, reason };
  };
}

/**
 * The finder where no product is in view (the size guide, the profile): it answers in the shop's
 * default chart through POST /api/fit/bra-size and saves her size (to her profile when signed in,
 * else to this browser).
 */
export function SizeFinderPanel({ showSaved = true }: { showSaved?: boolean }) {
  const { size, save } = useMySize();
  const [solve] = useState(askWhenTypingPauses);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      {showSaved && size && (
        <p className="text-sm" data-testid="my-size">
          Your size: <strong>{size}</strong> ·{' '}
          <Link
            to={`/products?size=${encodeURIComponent(size)}&sisterSizes=true`}
            className="font-medium text-brand-700 hover:underline"
          >
            Shop in my size
          </Link>
        </p>
      )}
      <SizeFinder
        solve={solve}
        takeLabel={(answer) => `Save ${answer} as my size`}
        onTake={async (taken) => {
          await save(taken);
          setSaved(taken);
        }}
      />
      {saved && (
        <p role="status" className="text-sm font-medium text-brand-700">
          Saved: your size is {saved}.
        </p>
      )}
    </div>
  );
}
