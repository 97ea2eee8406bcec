import { SizeFinderPanel } from './size-finder-panel';

const steps = [
  [
    'Under-bust, snug',
    'Wrap the tape level round your ribcage, right under your bust, pulled snug.',
  ],
  [
    'Bust, standing',
    'Stand straight and wrap the tape loosely round the fullest part of your bust.',
  ],
  [
    'Bust, leaning forward (optional)',
    'Bend forward at the waist and measure the fullest part again: it refines the cup.',
  ],
] as const;

/** The size guide's body: the finder first, how to measure beside it. */
export function SizeGuide() {
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:py-12">
      <section
        aria-labelledby="finder-heading"
        className="rounded-2xl border border-line bg-white p-5 md:p-6"
      >
        <h2 id="finder-heading" className="font-serif text-2xl">
          Find my size
        </h2>
        <div className="mt-4">
          <SizeFinderPanel />
        </div>
      </section>
      <section aria-labelledby="measure-heading">
        <h2 id="measure-heading" className="font-serif text-2xl">
          How to measure
        </h2>
        <ol className="mt-4 flex flex-col gap-4">
          {steps.map(([title, text], index) => (
            <li key={title} className="flex gap-3">
              <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="font-medium">{title}</h3>
                <p className="text-sm text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-sm text-muted">
          No tape? Start from the bra you wear now: how its band, cups and centre panel sit tells us
          which way to move. Every product page answers in that product&apos;s own chart, with its
          sister sizes (the same cup volume on the next band) and their stock.
        </p>
      </section>
    </div>
  );
}
