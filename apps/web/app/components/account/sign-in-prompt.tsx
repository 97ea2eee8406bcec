import { useShopper } from '../../lib/shopper';

/** Shown where a page needs a signed-in shopper. */
export function SignInPrompt({ title, message }: { title: string; message: string }) {
  const { openSignIn } = useShopper();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-serif text-3xl">{title}</h1>
      <p className="mt-3 text-muted">{message}</p>
      <button
        type="button"
        onClick={() => openSignIn('login')}
        className="mt-8 rounded-full bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700"
      >
        Sign in
      </button>
    </section>
  );
}
