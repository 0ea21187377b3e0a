import { clockNow } from '@/lib/settings/clock';
import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ReservationForm } from '@/components/reservations/reservation-form';
import { requirePage } from '@/lib/dashboard/guard';
import { weekText, zonedClock } from '@/lib/settings/schedule';
import { getSettings } from '@/lib/settings/store';

export const metadata: Metadata = { title: 'Reservation' };

/** Rendered per request (it reads the session), so the clock handed to the form is the server's now, on the restaurant's clock. */
export default async function ReservationPage() {
  const viewer = await requirePage('/dashboard/reservation');
  const { schedule } = await getSettings();
  return (
    <section>
      <PageHeading title="Book a table" subtitle="Reservation" />
      <p className="mx-auto mb-4 max-w-3xl text-center text-sm text-gray-600 md:mb-8 md:text-base">
        We seat guests every 30 minutes while we are open ({weekText(schedule.hours)}). Your booking is pending until we confirm it; you will
        see its status under My Booking.
      </p>
      <ReservationForm clock={zonedClock(clockNow(), schedule.timeZone)} schedule={schedule} guest={{ name: viewer.name, email: viewer.email, emailVerified: viewer.emailVerified }} />
    </section>
  );
}
