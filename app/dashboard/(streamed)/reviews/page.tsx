import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ReviewModeration } from '@/components/reviews/review-moderation';
import { requirePage } from '@/lib/dashboard/guard';
import { getReviews } from '@/lib/menu/queries';
import { firstScreen } from '@/lib/pagination/page';

export const metadata: Metadata = { title: 'Guest Reviews' };

/** The first page of reviews is in the first HTML; more are read as the admin scrolls. */
export default async function GuestReviewsPage() {
  const admin = await requirePage('/dashboard/reviews');
  const url = '/api/review';
  const first = await firstScreen(url, (page) => getReviews(page, admin));
  return (
    <section>
      <PageHeading title="Guest reviews" subtitle="What diners wrote: hide a review from the site, or remove it" />
      <ReviewModeration first={first} />
    </section>
  );
}
