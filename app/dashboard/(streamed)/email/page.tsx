import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { OutboxList } from '@/components/mail/outbox-list';
import { requirePage } from '@/lib/dashboard/guard';
import { listOutbox } from '@/lib/mail/admin';
import { outboxQuerySchema } from '@/lib/mail/schemas';

export const metadata: Metadata = { title: 'Email' };

/** The outbox for admins: what failed, with Retry, and what still waits; `?state=` and `?before=` as the API takes them. */
export default async function EmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const admin = await requirePage('/dashboard/email');
  const parsed = outboxQuerySchema.safeParse(await searchParams);
  const query = parsed.success ? parsed.data : {};
  const page = await listOutbox(admin, query);
  return (
    <section>
      <PageHeading title="Email" subtitle="What the outbox holds" />
      <OutboxList page={page} view={query.state ?? 'failed'} />
    </section>
  );
}
