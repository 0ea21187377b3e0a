'use client';

import { useState } from 'react';
import { DeleteButton } from '@/components/admin/delete-button';
import { useAction } from '@/components/admin/use-action';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateRangeFields, FilterSelect, listUrl } from '@/components/ui/filter-fields';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import { LoadMore } from '@/components/ui/load-more';
import { StarRating } from '@/components/ui/star-rating';
import { usePagedList, type FirstPage } from '@/components/ui/use-paged-list';
import { api } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import type { Review } from '@/lib/reviews/types';

/**
 * The reviews, newest first a page at a time, those on the site unless the admin asks for the
 * hidden ones or all, by the day written: an admin hides one from the site (and shows it again),
 * or removes it for good.
 */
export function ReviewModeration({ first }: { first: FirstPage<Review> }) {
  const [filters, setFilters] = useState({ status: '', from: '', to: '' });
  const url = listUrl(first.url, filters);
  const { items: reviews, total, hasMore, loadingMore, loadMore, error, mutate } = usePagedList<Review>(url, first);

  const columns: Column<Review>[] = [
    {
      header: 'Reviewer',
      rowHeader: true,
      cell: (review) => (
        <>
          <span className="block font-semibold">{review.name}</span>
          {review.hidden ? <span className="mt-1 inline-block rounded bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">Hidden</span> : null}
        </>
      ),
    },
    { header: 'Rating', cell: (review) => <StarRating value={review.rating} size={16} /> },
    { header: 'Review', cell: (review) => <p className={`line-clamp-3 max-w-md ${review.hidden ? 'text-gray-500' : ''}`}>{review.details}</p> },
    { header: 'On the site', cell: (review) => <VisibilityButton review={review} onChanged={() => mutate()} />, className: 'w-24 text-center' },
    {
      header: 'Delete',
      cell: (review) => <DeleteButton url={`/api/review/${review._id}`} name={`The review by ${review.name}`} onDeleted={() => mutate()} />,
      className: 'w-20 text-center',
    },
  ];

  let body;
  if (!reviews) body = <LoadingOrError error={error} onRetry={() => void mutate()} loading="Loading the reviews…" failed="The reviews could not be loaded." />;
  else if (!reviews.length) body = <EmptyState>{url === first.url ? 'No reviews yet.' : 'No reviews match these filters.'}</EmptyState>;
  else
    body = (
      <>
        <DataTable caption="Reviews" columns={columns} rows={reviews} />
        <LoadMore shown={reviews.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} noun={['review', 'reviews']} />
      </>
    );
  return (
    <div className="space-y-6">
      <form role="search" aria-label="Filter reviews" onSubmit={(event) => event.preventDefault()} className="flex flex-wrap items-end gap-4">
        <FilterSelect id="review-status" label="Show" value={filters.status} onChange={(status) => setFilters({ ...filters, status })}>
          <option value="">On the site</option>
          <option value="hidden">Hidden</option>
          <option value="all">All reviews</option>
        </FilterSelect>
        <DateRangeFields id="review" labels={['Written from', 'Until']} from={filters.from} to={filters.to} onChange={(range) => setFilters({ ...filters, ...range })} />
      </form>
      {body}
    </div>
  );
}

/** Hides a review from the site, or shows it again. */
function VisibilityButton({ review, onChanged }: { review: Review; onChanged: () => Promise<unknown> }) {
  const { busy, run } = useAction();
  const verb = review.hidden ? 'Show' : 'Hide';
  function onClick() {
    if (busy) return;
    void run(async () => {
      await api<Review>(`/api/review/${review._id}`, { method: 'PATCH', json: { hidden: !review.hidden } });
      await onChanged();
      void notify.toast(review.hidden ? `The review by ${review.name} is on the site again` : `The review by ${review.name} is hidden from the site`);
    });
  }
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-label={`${verb} the review by ${review.name}`}
      className={`min-h-11 min-w-11 rounded px-3 py-2 text-sm font-semibold text-white transition disabled:cursor-wait disabled:opacity-60 ${review.hidden ? 'bg-green-700 hover:bg-green-800' : 'bg-gray-700 hover:bg-gray-800'}`}
    >
      {busy ? 'Working…' : verb}
    </button>
  );
}
