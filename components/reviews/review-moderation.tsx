'use client';

import useSWR from 'swr';
import { AdminTable, ListState, type Column } from '@/components/admin/admin-table';
import { DeleteButton } from '@/components/admin/delete-button';
import { FetchFallback } from '@/components/reservations/fetch-fallback';
import { StarRating } from '@/components/ui/star-rating';
import type { Review } from '@/lib/reviews/types';

/** Every review on the site, newest first, with a button to remove one (admins). */
export function ReviewModeration() {
  const { data: reviews, error, mutate } = useSWR<Review[]>('/api/review');

  if (!reviews) return <FetchFallback what="the reviews" error={error} onRetry={() => void mutate()} />;
  if (!reviews.length) return <ListState state="empty">No reviews yet.</ListState>;

  const columns: Column<Review>[] = [
    { header: 'Reviewer', rowHeader: true, cell: (review) => <span className="font-semibold">{review.name}</span> },
    { header: 'Rating', cell: (review) => <StarRating value={review.rating} className="[&_svg]:h-4 [&_svg]:w-4" /> },
    { header: 'Review', cell: (review) => <p className="line-clamp-3 max-w-md">{review.details}</p> },
    {
      header: 'Delete',
      cell: (review) => <DeleteButton url={`/api/review/${review._id}`} name={`The review by ${review.name}`} onDeleted={() => mutate()} />,
      className: 'w-20 text-center',
    },
  ];
  return <AdminTable caption="Reviews on the site" columns={columns} rows={reviews} />;
}
