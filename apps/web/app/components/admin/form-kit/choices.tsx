import { useEffect, useId, useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-session';
import { FieldMessage } from './fields';

const smallButton =
  'whitespace-nowrap rounded-full border border-line bg-white px-3 py-1 text-xs font-medium hover:border-brand-300 disabled:opacity-50';

/**
 * Ticks ids in and out of a list the schema reads (`categoryIds`, `eligibleCategoryIds`...): one
 * checkbox a choice, named by the choice's name. The list's message is the caller's
 * `FieldMessage`, under the fieldset.
 */
export function IdChoices({
  name,
  choices,
}: {
  /** The list's dotted path in the schema's input. */
  name: string;
  choices: readonly { id: string; name: string }[];
}) {
  const { field } = useController({ name });
  const chosen = (field.value as string[] | undefined) ?? [];
  return (
    <div className="mt-1 grid gap-2 text-sm sm:grid-cols-3">
      {choices.map((choice) => (
        <label key={choice.id} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={chosen.includes(choice.id)}
            onChange={(event) =>
              field.onChange(
                event.target.checked
                  ? [...chosen, choice.id]
                  : chosen.filter((id) => id !== choice.id),
              )
            }
            className="h-4 w-4 accent-brand-600"
          />
          {choice.name}
        </label>
      ))}
    </div>
  );
}

/** Ticked choices among named ids (categories), under a legend, with the field's message. */
export function ChoicesFieldset({
  name,
  legend,
  choices,
}: {
  name: string;
  legend: string;
  choices: readonly { id: string; name: string }[];
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <IdChoices name={name} choices={choices} />
      <FieldMessage name={name} />
    </fieldset>
  );
}

/**
 * Products chosen by name, bound to a list of ids the schema reads: search the catalogue, add,
 * remove. The chosen products' names are looked up as the form shows them.
 */
export function ProductChoices({
  name,
  label,
  chosenLabel = 'Chosen products',
  foundLabel = 'Products found',
  disabled,
}: {
  /** The list's dotted path in the schema's input. */
  name: string;
  /** The search box's label, and its button's name: 'Find a product'. */
  label: string;
  /** Names of the chosen list and of the search's answer. */
  chosenLabel?: string;
  foundLabel?: string;
  disabled: boolean;
}) {
  const { field } = useController({ name });
  const value = field.value as string[] | undefined;
  const chosen = useMemo(() => value ?? [], [value]);
  const { authed } = useAuth();
  const inputId = useId();
  const [names, setNames] = useState<Record<string, string>>({});
  const [q, setQ] = useState('');
  const [found, setFound] = useState<{ _id: string; name: string }[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const missing = chosen.filter((id) => !(id in names));
    if (missing.length === 0) return;
    let live = true;
    void Promise.all(
      missing.map((id) =>
        authed((api) => api.getProduct(id))
          .then((product) => [id, product.name] as const)
          .catch(() => [id, 'A product no longer in the catalogue'] as const),
      ),
    ).then((pairs) => live && setNames((known) => ({ ...known, ...Object.fromEntries(pairs) })));
    return () => {
      live = false;
    };
  }, [chosen, names, authed]);

  async function search() {
    if (q.trim().length < 3) {
      setProblem('Type at least 3 letters of the product name');
      return;
    }
    setProblem(null);
    try {
      const list = await authed((api) => api.searchProducts(q.trim(), { limit: 8 }));
      setFound(list.products.map((product) => ({ _id: product._id, name: product.name })));
      setNames((known) => ({
        ...known,
        ...Object.fromEntries(list.products.map((product) => [product._id, product.name])),
      }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {chosen.length > 0 ? (
        <ul aria-label={chosenLabel} className="flex flex-wrap gap-2">
          {chosen.map((id) => (
            <li
              key={id}
              className="flex items-center gap-2 rounded-full border border-line bg-blush/60 py-1 pl-3 pr-1 text-sm"
            >
              {names[id] ?? 'Loading…'}
              <button
                type="button"
                className={smallButton}
                disabled={disabled}
                aria-label={`Remove ${names[id] ?? 'this product'}`}
                onClick={() => field.onChange(chosen.filter((other) => other !== id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          value={q}
          disabled={disabled}
          placeholder="Find a product by name"
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void search();
            }
          }}
          className="block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm"
        />
        <button
          type="button"
          className={smallButton}
          disabled={disabled}
          aria-label={label}
          onClick={() => void search()}
        >
          Find
        </button>
      </div>
      {problem ? <p className="text-sm text-brand-800">{problem}</p> : null}
      {found ? (
        found.length === 0 ? (
          <p className="text-sm text-muted">No product matches.</p>
        ) : (
          <ul aria-label={foundLabel} className="flex flex-col gap-1">
            {found.map((product) => (
              <li key={product._id} className="flex items-center justify-between gap-2 text-sm">
                <span>{product.name}</span>
                <button
                  type="button"
                  className={smallButton}
                  disabled={disabled || chosen.includes(product._id)}
                  aria-label={`Add ${product.name}`}
                  onClick={() => field.onChange([...chosen, product._id])}
                >
                  {chosen.includes(product._id) ? 'Added' : 'Add'}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
