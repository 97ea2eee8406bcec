import { Link, useNavigate, useRevalidator } from 'react-router';

const primaryButton =
  'inline-block rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700';
const secondaryButton =
  'inline-block rounded-full border border-line bg-white px-6 py-2.5 font-medium text-ink hover:border-brand-400';

/** An unknown or malformed product id (answered with HTTP 404). */
export function ProductNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-serif text-3xl">Product Not Found</h1>
      <p className="mt-3 text-muted">
        This product may have sold out for good, or the link may be mistyped.
      </p>
      <Link to="/products" className={`mt-8 ${primaryButton}`}>
        Browse Products
      </Link>
    </section>
  );
}

/** The product could not be read (server trouble, network): try again or go back. */
export function ProductLoadError({
  message,
  reload = false,
}: {
  message?: string;
  /** After a rendering crash a fresh page load is the dependable retry; otherwise refetch. */
  reload?: boolean;
}) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const retrying = revalidator.state === 'loading';

  const goBack = () => {
    // A shopper who arrived straight on this page has nothing to go back to.
    if (window.history.length > 1) navigate(-1);
    else navigate('/products');
  };

  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-serif text-3xl">Error Loading Product</h1>
      <p className="mt-3 text-muted" role="alert">
        {message || 'Something went wrong'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => (reload ? window.location.reload() : void revalidator.revalidate())}
          disabled={retrying}
          className={`${primaryButton} disabled:opacity-60`}
        >
          {retrying ? 'Trying Again…' : 'Try Again'}
        </button>
        <button type="button" onClick={goBack} className={secondaryButton}>
          Go Back
        </button>
      </div>
    </section>
  );
}
