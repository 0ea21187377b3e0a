import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { PageHeading } from '@/components/dashboard/page-heading';
import { AllUsers } from '@/components/admin/all-users';
import { requirePage } from '@/lib/dashboard/guard';
import { listUsers } from '@/lib/users/admin';

export const metadata: Metadata = { title: 'All Users' };

/** The list is read on the server for the first paint; the table keeps it fresh from there. */
export default async function AllUsersPage() {
  const users = await listUsers(await requirePage('/dashboard/allUsers'));
  return (
    <section>
      <PageHeading title="Manage all users" subtitle="How many??" />
      <SWRConfig value={{ fallback: { '/api/users': users } }}>
        <AllUsers />
      </SWRConfig>
    </section>
  );
}
