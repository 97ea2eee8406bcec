export default function Page() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="font-serif text-3xl capitalize">login</h1>
    </section>
  );
}
