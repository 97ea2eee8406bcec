import { useId } from 'react';
import { Form } from 'react-router';

/** A plain GET search box for /search: works before the scripts load as well as after. */
export function SearchForm({ query }: { query: string }) {
  const id = useId();
  return (
    <Form method="get" action="/search" role="search" className="flex max-w-xl gap-2">
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        // A new search replaces the box's text with the query that was run.
        key={query}
        id={id}
        type="search"
        name="q"
        defaultValue={query}
        placeholder="Search bras, sleepwear, colours..."
        className="h-11 min-w-0 flex-1 rounded-full border border-line bg-white px-4 text-sm text-ink placeholder:text-muted"
      />
      <button
        type="submit"
        className="h-11 rounded-full bg-brand-600 px-5 text-sm font-medium text-white hover:bg-brand-700"
      >
        Search
      </button>
    </Form>
  );
}
