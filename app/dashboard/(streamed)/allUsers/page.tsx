import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { AllUsers } from '@/components/admin/all-users';
import { requirePage } from '@/lib/dashboard/guard';
import { listUsers } from '@/lib/users/admin';
import { USERS_URL } from '@/lib/users/schemas';
import { firstScreen } from '@/lib/pagination/page';

export const metadata: Metadata = { title: 'All Users' };

/** The first page is read on the server for the first paint; the table keeps it fresh from there. */
export default async function AllUsersPage() {
  const admin = await requirePage('/dashboard/allUsers');
  const users = await firstScreen(USERS_URL, (page) => listUsers(admin, page));
  return (
    <section>
      <PageHeading title="Manage all users" subtitle="How many??" />
      <AllUsers first={users} />
    </section>
  );
}
