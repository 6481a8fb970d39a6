/** A polite loading indicator that screen readers announce once. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="is-sr-only">{label}</span>
    </div>
  );
}
