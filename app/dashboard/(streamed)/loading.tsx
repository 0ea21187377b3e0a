/**
 * Shown while a dashboard page loads on the server: a progress bar, never the wrong content.
 *
 * It covers the pages in this group only. A loading boundary sends the page's head, and with it
 * status 200, before the page has run; a page that may refuse (a receipt that is another diner's
 * or unknown, an item to update that does not exist) lives outside the group, so its 403 or 404
 * is the status a client receives and not only a notice in the body.
 */
export default function DashboardLoading() {
  return (
    <div role="progressbar" aria-label="Loading" aria-busy="true" className="h-1 w-full overflow-hidden rounded bg-gray-200">
      <div className="h-full w-1/3 animate-pulse bg-gold" />
    </div>
  );
}
