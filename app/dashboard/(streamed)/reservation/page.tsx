import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ReservationForm } from '@/components/reservations/reservation-form';
import { requirePage } from '@/lib/dashboard/guard';
import { pageTitle } from '@/lib/config/site';
import { restaurantClock } from '@/lib/reservations/calendar';
import { SLOT_TIMES } from '@/lib/reservations/schemas';

export const metadata: Metadata = { title: pageTitle('Reservation') };

/** Rendered per request (it reads the session), so the clock handed to the form is the server's now. */
export default async function ReservationPage() {
  const viewer = await requirePage('/dashboard/reservation');
  return (
    <section>
      <PageHeading title="Book a table" subtitle="Reservation" />
      <p className="mx-auto mb-4 max-w-3xl text-center text-sm text-gray-600 md:mb-8 md:text-base">
        We seat guests every 30 minutes from {SLOT_TIMES[0]} to {SLOT_TIMES.at(-1)}. Your booking is pending until we confirm it; you will see
        its status under My Booking.
      </p>
      <ReservationForm clock={restaurantClock(new Date())} guest={{ name: viewer.name, email: viewer.email }} />
    </section>
  );
}
