import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ReviewModeration } from '@/components/reviews/review-moderation';
import { requirePage } from '@/lib/dashboard/guard';
import { getReviews } from '@/lib/menu/queries';

export const metadata: Metadata = { title: 'Guest Reviews' };

/** The reviews are in the first HTML; SWR takes over for what a deletion changes. */
export default async function GuestReviewsPage() {
  await requirePage('/dashboard/reviews');
  const reviews = await getReviews();
  return (
    <section>
      <PageHeading title="Guest reviews" subtitle="What diners wrote" />
      <SWRConfig value={{ fallback: { '/api/review': reviews } }}>
        <ReviewModeration />
      </SWRConfig>
    </section>
  );
}
