import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ReviewForm } from '@/components/reviews/review-form';
import { requirePage } from '@/lib/dashboard/guard';
import { getOwnReview } from '@/lib/reviews/reviews';

export const metadata: Metadata = { title: 'Add Review' };

/** The diner's own review (or none yet) is in the first HTML, so the form opens filled in. */
export default async function ReviewPage() {
  const viewer = await requirePage('/dashboard/review');
  const review = await getOwnReview(viewer);
  return (
    <section>
      <PageHeading title="Give a review" subtitle="Sharing is caring" />
      <SWRConfig value={{ fallback: { '/api/review/mine': review } }}>
        <ReviewForm name={viewer.name} />
      </SWRConfig>
    </section>
  );
}
