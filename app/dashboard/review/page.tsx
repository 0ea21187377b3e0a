import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ReviewForm } from '@/components/reviews/review-form';
import { currentUser } from '@/lib/auth/current-user';
import { pageTitle } from '@/lib/config/site';

export const metadata: Metadata = { title: pageTitle('Add Review') };

export default async function ReviewPage() {
  const user = await currentUser();
  return (
    <section>
      <PageHeading title="Give a review" subtitle="Sharing is caring" />
      <ReviewForm name={user?.name || user?.email || ''} />
    </section>
  );
}
