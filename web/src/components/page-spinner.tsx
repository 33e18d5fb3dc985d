/** A spinner without Mantine, light enough for the first paint of any route. */
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="app-spinner-wrap" role="status" aria-live="polite">
      <div className="app-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
