import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ManageBookings } from '@/components/reservations/booking-lists';
import { requirePage } from '@/lib/dashboard/guard';
import { firstScreen } from '@/lib/pagination/page';
import { listAllBookings } from '@/lib/reservations/bookings';

export const metadata: Metadata = { title: 'Manage Bookings' };

export default async function ManageBookingsPage() {
  const url = '/api/bookings?all=1';
  const admin = await requirePage('/dashboard/manageBookings');
  const first = await firstScreen(url, (page) => listAllBookings(admin, page));
  return (
    <section>
      <PageHeading title="Manage bookings" subtitle="At a glance" />
      <ManageBookings first={first} />
    </section>
  );
}
