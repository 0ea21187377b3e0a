import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { MyBookings } from '@/components/reservations/booking-lists';
import { requirePage } from '@/lib/dashboard/guard';
import { firstScreen } from '@/lib/pagination/page';
import { listBookings } from '@/lib/reservations/bookings';

export const metadata: Metadata = { title: 'My Booking' };

export default async function BookingsPage() {
  const url = '/api/bookings';
  const viewer = await requirePage('/dashboard/bookings');
  const first = await firstScreen(url, (page) => listBookings(viewer, page));
  return (
    <section>
      <PageHeading title="My bookings" subtitle="Excellent ambience" />
      <MyBookings first={first} />
    </section>
  );
}
