import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { AllUsers } from '@/components/admin/all-users';
import { requirePage } from '@/lib/dashboard/guard';
import { listUsers } from '@/lib/users/admin';
import { USERS_URL } from '@/lib/users/schemas';
import { toListPage } from '@/lib/pagination/page';

export const metadata: Metadata = { title: 'All Users' };

/** The first page is read on the server for the first paint; the table keeps it fresh from there. */
export default async function AllUsersPage() {
  const users = await listUsers(await requirePage('/dashboard/allUsers'));
  return (
    <section>
      <PageHeading title="Manage all users" subtitle="How many??" />
      <AllUsers first={{ url: USERS_URL, ...toListPage(users, USERS_URL) }} />
    </section>
  );
}
