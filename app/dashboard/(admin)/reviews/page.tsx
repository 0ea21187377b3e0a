import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ReviewModeration } from '@/components/reviews/review-moderation';
import { pageTitle } from '@/lib/config/site';

export const metadata: Metadata = { title: pageTitle('Guest Reviews') };

export default function GuestReviewsPage() {
  return (
    <section>
      <PageHeading title="Guest reviews" subtitle="What diners wrote" />
      <ReviewModeration />
    </section>
  );
}
