/** Shown while a dashboard page loads on the server: a progress bar, never the wrong content. */
export default function DashboardLoading() {
  return (
    <div role="progressbar" aria-label="Loading" aria-busy="true" className="h-1 w-full overflow-hidden rounded bg-gray-200">
      <div className="h-full w-1/3 animate-pulse bg-gold" />
    </div>
  );
}
