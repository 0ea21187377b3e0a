import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ManageBookings } from '@/components/reservations/booking-lists';
import { pageTitle } from '@/lib/config/site';

export const metadata: Metadata = { title: pageTitle('Manage Bookings') };

export default function ManageBookingsPage() {
  return (
    <section>
      <PageHeading title="Manage bookings" subtitle="At a glance" />
      <ManageBookings />
    </section>
  );
}
