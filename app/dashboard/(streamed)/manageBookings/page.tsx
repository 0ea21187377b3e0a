import type { Metadata } from 'next';
import { SWRConfig } from 'swr';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ManageBookings } from '@/components/reservations/booking-lists';
import { requirePage } from '@/lib/dashboard/guard';
import { listAllBookings } from '@/lib/reservations/bookings';

export const metadata: Metadata = { title: 'Manage Bookings' };

export default async function ManageBookingsPage() {
  const bookings = await listAllBookings(await requirePage('/dashboard/manageBookings'));
  return (
    <section>
      <PageHeading title="Manage bookings" subtitle="At a glance" />
      <SWRConfig value={{ fallback: { '/api/bookings?all=1': bookings } }}>
        <ManageBookings />
      </SWRConfig>
    </section>
  );
}
