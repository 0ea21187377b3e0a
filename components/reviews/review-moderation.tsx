'use client';

import useSWR from 'swr';
import { DeleteButton } from '@/components/admin/delete-button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import { StarRating } from '@/components/ui/star-rating';
import type { Review } from '@/lib/reviews/types';

/** Every review on the site, newest first, with a button to remove one (admins). */
export function ReviewModeration() {
  const { data: reviews, error, mutate } = useSWR<Review[]>('/api/review');

  if (!reviews) return <LoadingOrError error={error} onRetry={() => void mutate()} loading="Loading the reviews…" failed="The reviews could not be loaded." />;
  if (!reviews.length) return <EmptyState>No reviews yet.</EmptyState>;

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
  return <DataTable caption="Reviews on the site" columns={columns} rows={reviews} />;
}
