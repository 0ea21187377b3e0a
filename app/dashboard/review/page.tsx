import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ReviewForm } from '@/components/reviews/review-form';
import { requirePageViewer } from '@/lib/auth/viewer';
import { pageTitle } from '@/lib/config/site';

export const metadata: Metadata = { title: pageTitle('Add Review') };

export default async function ReviewPage() {
  const viewer = await requirePageViewer();
  return (
    <section>
      <PageHeading title="Give a review" subtitle="Sharing is caring" />
      <ReviewForm name={viewer.name} />
    </section>
  );
}
