import { Link, Text } from '@react-email/components';
import { formatDay } from '@/lib/reservations/calendar';
import type { Restaurant } from '../restaurant';
import { MailLayout, styles } from './layout';

/** The messages about a booking, one per status it reaches. */

export type BookingMailKind = 'received' | 'confirmed' | 'cancelled' | 'expired';

/** What a booking message tells of the booking. */
export interface BookingFacts {
  name: string;
  date: string;
  time: string;
  guests: number;
  note?: string;
}

/** "19:30 on Saturday, 14 June 2030": when the table is booked. */
export const bookingWhen = (booking: Pick<BookingFacts, 'date' | 'time'>) => `${booking.time} on ${formatDay(booking.date)}`;

const HEADLINES: Record<BookingMailKind, (when: string) => string> = {
  received: (when) => `We have your booking request for ${when}`,
  confirmed: (when) => `Your table is booked for ${when}`,
  cancelled: (when) => `Your booking for ${when} is cancelled`,
  expired: (when) => `We could not confirm your booking for ${when}`,
};

const EXPLANATIONS: Record<BookingMailKind, string> = {
  received: 'We will confirm it by email as soon as we can.',
  confirmed: 'We look forward to seeing you.',
  cancelled: 'The table is free again. We hope to see you another time.',
  expired: 'We did not get to it in time, so the seats went back on sale. Please book again, or call us.',
};

export function BookingMessage({ restaurant, booking, kind }: { restaurant: Restaurant; booking: BookingFacts; kind: BookingMailKind }) {
  const headline = HEADLINES[kind](bookingWhen(booking));
  return (
    <MailLayout restaurant={restaurant} preview={headline}>
      <Text style={styles.heading}>{headline}.</Text>
      <Text style={styles.text}>
        {booking.name}, a table for {booking.guests} {booking.guests === 1 ? 'guest' : 'guests'} at {booking.time} on {formatDay(booking.date)}.
      </Text>
      {booking.note ? <Text style={styles.small}>Your note: “{booking.note}”</Text> : null}
      <Text style={styles.text}>{EXPLANATIONS[kind]}</Text>
      <Text style={styles.text}>
        <Link href={`${restaurant.url}/dashboard/bookings`}>Your bookings</Link> · {restaurant.phone}
      </Text>
    </MailLayout>
  );
}
