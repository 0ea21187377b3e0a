import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { MyBookings } from '@/components/reservations/booking-lists';
import { pageTitle } from '@/lib/config/site';

export const metadata: Metadata = { title: pageTitle('My Booking') };

export default function BookingsPage() {
  return (
    <section>
      <PageHeading title="My bookings" subtitle="Excellent ambience" />
      <MyBookings />
    </section>
  );
}
