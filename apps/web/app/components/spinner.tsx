export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-12 text-muted">
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
      />
      <span>{label}</span>
    </div>
  );
}
