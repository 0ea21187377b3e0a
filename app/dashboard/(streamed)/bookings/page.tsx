import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { PageHeading } from '@/components/dashboard/page-heading';
import { MyBookings } from '@/components/reservations/booking-lists';
import { requirePage } from '@/lib/dashboard/guard';
import { listBookings } from '@/lib/reservations/bookings';

export const metadata: Metadata = { title: 'My Booking' };

export default async function BookingsPage() {
  const bookings = await listBookings(await requirePage('/dashboard/bookings'));
  return (
    <section>
      <PageHeading title="My bookings" subtitle="Excellent ambience" />
      <SWRConfig value={{ fallback: { '/api/bookings': bookings } }}>
        <MyBookings />
      </SWRConfig>
    </section>
  );
}
