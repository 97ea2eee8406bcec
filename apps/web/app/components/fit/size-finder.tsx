import { useEffect, useId, useState, type ReactNode } from 'react';
import type { BraSizeFinderAnswer } from '@shop/contracts/fit';
import type { BraFinderInput } from '@shop/domain/size-finder';
import {
  braFitChoices,
  readBraSizeQuestion,
  type BraFitAnswers,
  type TapeAnswers,
} from './finder-question';
import { UnitSwitch, type Unit } from './unit-switch';

/** The finder's answer with the stock of each size in the chosen colour, when it knows it. */
export type FinderAnswer = Pick<
  BraSizeFinderAnswer,
  'size' | 'sisterSizes' | 'confidence' | 'reason'
> & {
  stock?: Record<string, number>;
};

export interface SizeFinderProps {
  /** Her size for a complete question: in the browser on a product's chart, or from the API. */
  solve: (question: BraFinderInput) => FinderAnswer | Promise<FinderAnswer>;
  /** What taking a size does (choose it on the product page, save it to her profile). */
  onTake: (size: string, answer: FinderAnswer) => void | Promise<void>;
  /** The button's words for a size: 'Choose 32C', 'Save 32C as my size'. */
  takeLabel: (size: string) => string;
  /** Sizes with no stock cannot be taken when the finder knows the stock (a product page). */
  needsStock?: boolean;
}

type Method = 'tape' | 'feel';

const CONFIDENCE_WORDS: Record<FinderAnswer['confidence'], string> = {
  exact: 'A clear fit in this chart',
  between_sizes: 'Between sizes',
  outside_chart: 'Outside this chart',
};

const choiceButton = (pressed: boolean) =>
  `min-h-11 rounded-full border px-4 text-sm font-medium transition ${
    pressed
      ? 'border-brand-600 bg-brand-600 text-white'
      : 'border-line bg-white text-ink hover:border-brand-400'
  }`;
const input =
  'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2.5 text-base focus:border-brand-600';

/**
 * The bra size finder: with a tape (under-bust and bust, inches first) or without one (the size
 * she wears and how it fits). The answer shows as soon as the question is complete, so each path
 * is a few taps: the method, the fields, then taking the size.
 */
export function SizeFinder({ solve, onTake, takeLabel, needsStock = false }: SizeFinderProps) {
  const [method, setMethod] = useState<Method | null>(null);
  const [unit, setUnit] = useState<Unit>('in');
  const [tape, setTape] = useState<Omit<TapeAnswers, 'unit'>>({
    underbust: '',
    bust: '',
    bustLeaning: '',
  });
  const [feel, setFeel] = useState<BraFitAnswers>({
    wornSize: '',
    band: null,
    cups: null,
    gore: null,
  });
  const read = method ? readBraSizeQuestion(method, { unit, ...tape }, feel) : null;
  const question = read?.question ?? null;
  const answer = useAnswer(solve, question);

  return (
    <div className="flex flex-col gap-5" data-testid="size-finder">
      <div role="group" aria-label="How to find your size" className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={method === 'tape'}
          onClick={() => setMethod('tape')}
          className={choiceButton(method === 'tape')}
        >
          I have a tape
        </button>
        <button
          type="button"
          aria-pressed={method === 'feel'}
          onClick={() => setMethod('feel')}
          className={choiceButton(method === 'feel')}
        >
          No tape: start from my bra
        </button>
      </div>

      {method === 'tape' && (
        <TapeQuestions unit={unit} onUnit={setUnit} values={tape} onChange={setTape} />
      )}
      {method === 'feel' && <FeelQuestions values={feel} onChange={setFeel} />}
      {read?.problem && (
        <p className="text-sm text-brand-800" role="status" data-testid="finder-problem">
          {read.problem}
        </p>
      )}
      {answer.state === 'failed' && (
        <p className="text-sm text-brand-800" role="alert">
          {answer.message}
        </p>
      )}
      {question && answer.state === 'ready' && (
        <AnswerPanel
          answer={answer.answer}
          onTake={onTake}
          takeLabel={takeLabel}
          needsStock={needsStock}
        />
      )}
    </div>
  );
}

type AnswerState =
  | { state: 'none' }
  | { state: 'ready'; answer: FinderAnswer }
  | { state: 'failed'; message: string };

/** The answer for the current question; an older question's late answer is dropped. */
function useAnswer(solve: SizeFinderProps['solve'], question: BraFinderInput | null): AnswerState {
  const key = question ? JSON.stringify(question) : '';
  const [state, setState] = useState<{ key: string; answer: AnswerState }>({
    key: '',
    answer: { state: 'none' },
  });
  useEffect(() => {
    if (!question) return;
    let live = true;
    Promise.resolve()
      .then(() => solve(question))
      .then(
        (answer) => live && setState({ key, answer: { state: 'ready', answer } }),
        (error: unknown) =>
          live &&
          setState({
            key,
            answer: {
              state: 'failed',
              message: error instanceof Error ? error.message : 'Could not find your size',
            },
          }),
      );
    return () => {
      live = false;
    };
    // The question's text stands for the question: a new object with the same values is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, solve]);
  return state.key === key ? state.answer : { state: 'none' };
}

function Labelled({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string, hintId?: string) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {children(id, hintId)}
    </div>
  );
}

type TapeValues = Omit<TapeAnswers, 'unit'>;

function TapeQuestions({
  unit,
  onUnit,
  values,
  onChange,
}: {
  unit: Unit;
  onUnit: (unit: Unit) => void;
  values: TapeValues;
  onChange: (values: TapeValues) => void;
}) {
  const [leaning, setLeaning] = useState(false);
  const field = (key: keyof TapeValues, label: string, hint: string) => (
    <Labelled label={`${label} (${unit === 'in' ? 'inches' : 'cm'})`} hint={hint}>
      {(id, hintId) => (
        <input
          id={id}
          aria-describedby={hintId}
          inputMode="decimal"
          autoComplete="off"
          value={values[key]}
          onChange={(event) => onChange({ ...values, [key]: event.target.value })}
          className={input}
        />
      )}
    </Labelled>
  );
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="sr-only">Your measurements</legend>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted">Measure over a thin bra or none.</p>
        <UnitSwitch unit={unit} onChange={onUnit} label="Tape units" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('underbust', 'Under-bust', 'Snug, level, right under your bust')}
        {field('bust', 'Bust', 'Standing, loosely round the fullest part')}
      </div>
      {leaning ? (
        field('bustLeaning', 'Bust leaning forward', 'Bent forward at the waist: refines the cup')
      ) : (
        <button
          type="button"
          onClick={() => setLeaning(true)}
          className="self-start text-sm font-medium text-brand-700 hover:underline"
        >
          Add bust leaning forward (optional)
        </button>
      )}
    </fieldset>
  );
}

function FeelQuestions({
  values,
  onChange,
}: {
  values: BraFitAnswers;
  onChange: (values: BraFitAnswers) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="sr-only">The bra you wear now</legend>
      <Labelled label="The size you wear now" hint="As its label says: 34B, 75C, 36DD">
        {(id, hintId) => (
          <input
            id={id}
            aria-describedby={hintId}
            autoComplete="off"
            autoCapitalize="characters"
            value={values.wornSize}
            onChange={(event) => onChange({ ...values, wornSize: event.target.value })}
            className={`${input} max-w-40`}
          />
        )}
      </Labelled>
      {braFitChoices.map(({ key, question, choices }) => (
        <div key={key} role="group" aria-label={question}>
          <p className="text-sm font-medium" aria-hidden="true">
            {question}
          </p>
          <div className="mt-1.5 flex flex-wrap gap-2">
            {choices.map(([value, words]) => (
              <button
                key={value}
                type="button"
                aria-pressed={values[key] === value}
                onClick={() => onChange({ ...values, [key]: value })}
                className={choiceButton(values[key] === value)}
              >
                {words}
              </button>
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

function AnswerPanel({
  answer,
  onTake,
  takeLabel,
  needsStock,
}: {
  answer: FinderAnswer;
  onTake: SizeFinderProps['onTake'];
  takeLabel: SizeFinderProps['takeLabel'];
  needsStock: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stockOf = (size: string) => answer.stock?.[size];
  const canTake = (size: string) => !needsStock || (stockOf(size) ?? 0) > 0;
  const take = (size: string) => {
    setBusy(true);
    setFailure(null);
    Promise.resolve(onTake(size, answer))
      .catch((error: unknown) =>
        setFailure(error instanceof Error ? error.message : 'Could not save your size'),
      )
      .finally(() => setBusy(false));
  };
  // On a product page any of the three in stock can be chosen; elsewhere only her size is saved.
  const takeable = needsStock
    ? [answer.size, ...answer.sisterSizes].filter(canTake)
    : [answer.size];
  const stockWords = (size: string) => {
    const stock = stockOf(size);
    if (stock === undefined) return null;
    return stock > 0 ? `${stock} in stock` : 'Out of stock';
  };

  return (
    <section
      aria-live="polite"
      aria-label="Your size"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-4"
      data-testid="finder-answer"
    >
      <p className="text-sm text-muted">Your size</p>
      <p className="font-serif text-4xl text-ink" data-testid="finder-size">
        {answer.size}
      </p>
      <p className="mt-1 text-sm font-medium" data-testid="finder-confidence">
        {CONFIDENCE_WORDS[answer.confidence]}
      </p>
      <p className="mt-1 text-sm text-muted" data-testid="finder-reason">
        {answer.reason}
      </p>
      {stockWords(answer.size) && (
        <p className="mt-1 text-sm">
          {answer.size}: {stockWords(answer.size)}
        </p>
      )}
      {answer.sisterSizes.length > 0 && (
        <div className="mt-3">
          <p className="text-sm font-medium">Sister sizes (same cup volume)</p>
          <ul className="mt-1 flex flex-wrap gap-2 text-sm" data-testid="finder-sisters">
            {answer.sisterSizes.map((size) => (
              <li key={size} className="rounded-full border border-line bg-white px-3 py-1">
                {size}
                {stockWords(size) && <span className="text-muted"> · {stockWords(size)}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {takeable.map((size) => (
          <button
            key={size}
            type="button"
            disabled={busy}
            onClick={() => take(size)}
            className={`min-h-11 rounded-full px-5 text-sm font-medium disabled:opacity-60 ${
              size === answer.size
                ? 'bg-brand-600 text-white hover:bg-brand-700'
                : 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50'
            }`}
          >
            {takeLabel(size)}
          </button>
        ))}
        {takeable.length === 0 && (
          <p className="text-sm text-brand-800">
            Neither your size nor its sisters are in stock in this colour.
          </p>
        )}
      </div>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-brand-800">
          {failure}
        </p>
      )}
    </section>
  );
}
