import { PageHeading } from '@/components/dashboard/page-heading';
import { ReviewModeration } from '@/components/reviews/review-moderation';

export default function GuestReviewsPage() {
  return (
    <section>
      <PageHeading title="Guest reviews" subtitle="What diners wrote" />
      <ReviewModeration />
    </section>
  );
}
