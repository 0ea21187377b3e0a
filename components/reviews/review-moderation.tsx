'use client';

import { useState } from 'react';
import { DeleteButton } from '@/components/admin/delete-button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateRangeFields, listUrl } from '@/components/ui/filter-fields';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import { LoadMore } from '@/components/ui/load-more';
import { StarRating } from '@/components/ui/star-rating';
import { usePagedList, type FirstPage } from '@/components/ui/use-paged-list';
import type { Review } from '@/lib/reviews/types';

/** The reviews on the site, newest first a page at a time, by the day written, with a button to remove one (admins). */
export function ReviewModeration({ first }: { first: FirstPage<Review> }) {
  const [range, setRange] = useState({ from: '', to: '' });
  const url = listUrl(first.url, range);
  const { items: reviews, total, hasMore, loadingMore, loadMore, error, mutate } = usePagedList<Review>(url, first);

  const columns: Column<Review>[] = [
    { header: 'Reviewer', rowHeader: true, cell: (review) => <span className="font-semibold">{review.name}</span> },
    { header: 'Rating', cell: (review) => <StarRating value={review.rating} size={16} /> },
    { header: 'Review', cell: (review) => <p className="line-clamp-3 max-w-md">{review.details}</p> },
    {
      header: 'Delete',
      cell: (review) => <DeleteButton url={`/api/review/${review._id}`} name={`The review by ${review.name}`} onDeleted={() => mutate()} />,
      className: 'w-20 text-center',
    },
  ];

  let body;
  if (!reviews) body = <LoadingOrError error={error} onRetry={() => void mutate()} loading="Loading the reviews…" failed="The reviews could not be loaded." />;
  else if (!reviews.length) body = <EmptyState>{url === first.url ? 'No reviews yet.' : 'No reviews were written on these days.'}</EmptyState>;
  else
    body = (
      <>
        <DataTable caption="Reviews on the site" columns={columns} rows={reviews} />
        <LoadMore shown={reviews.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} noun={['review', 'reviews']} />
      </>
    );
  return (
    <div className="space-y-6">
      <form role="search" aria-label="Filter reviews" onSubmit={(event) => event.preventDefault()} className="flex flex-wrap items-end gap-4">
        <DateRangeFields id="review" labels={['Written from', 'Until']} from={range.from} to={range.to} onChange={setRange} />
      </form>
      {body}
    </div>
  );
}
