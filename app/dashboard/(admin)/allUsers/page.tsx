import { PageHeading } from '@/components/dashboard/page-heading';
import { AllUsers } from '@/components/admin/all-users';

export default function AllUsersPage() {
  return (
    <section>
      <PageHeading title="Manage all users" subtitle="How many??" />
      <AllUsers />
    </section>
  );
}
