import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { MyBookings } from '@/components/reservations/booking-lists';
import { requirePage } from '@/lib/dashboard/guard';
import { toListPage } from '@/lib/pagination/page';
import { listBookings } from '@/lib/reservations/bookings';

export const metadata: Metadata = { title: 'My Booking' };

export default async function BookingsPage() {
  const url = '/api/bookings';
  const first = { url, ...toListPage(await listBookings(await requirePage('/dashboard/bookings')), url) };
  return (
    <section>
      <PageHeading title="My bookings" subtitle="Excellent ambience" />
      <MyBookings first={first} />
    </section>
  );
}
