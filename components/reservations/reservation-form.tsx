'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api, ApiError } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import type { Booking } from '@/lib/reservations/types';
import { BOOKING_WINDOW_DAYS, MAX_GUESTS, addDays, formatDay, hasStarted, isCalendarDate, type RestaurantClock } from '@/lib/reservations/calendar';
import { NOTE_MAX, bookingSchema, bookingTimes, type BookingInput } from '@/lib/reservations/schemas';
import type { Schedule } from '@/lib/settings/types';
import { FORM_CARD, Field, FormError, INPUT, SUBMIT } from '@/components/ui/field';

interface Props {
  /** The restaurant's clock when the server rendered the page: the browser's zone may differ. */
  clock: RestaurantClock;
  /** The restaurant's hours: which seatings each day has. */
  schedule: Schedule;
  guest: { name: string; email: string; emailVerified: boolean };
}

const GUEST_COUNTS = Array.from({ length: MAX_GUESTS }, (_, i) => i + 1);

/** Seatings of `date` still ahead on the restaurant's clock. */
function openSlots(date: string, clock: RestaurantClock, schedule: Schedule): string[] {
  if (!isCalendarDate(date)) return [];
  return bookingTimes(schedule, date).filter((time) => !hasStarted(date, time, clock));
}

/** Why the time select offers what it offers (or nothing). */
function timeHint(date: string, slots: string[], clock: RestaurantClock): string {
  if (!isCalendarDate(date) || date < clock.today) return 'Choose a date from today on first.';
  if (slots.length) return 'Tables are seated every 30 minutes, restaurant time.';
  return date === clock.today ? "Today's last seating has passed, or we are closed. Choose another date." : `We are closed on ${formatDay(date)}. Choose another date.`;
}

/**
 * Books a table. The server's own schema validates here first; the time select offers only the
 * slots left on the chosen day, and the server checks everything again with its clock.
 */
export function ReservationForm({ clock, schedule, guest }: Props) {
  const router = useRouter();
  // Once today's last seating has begun, the earliest day to offer is tomorrow.
  const firstDay = openSlots(clock.today, clock, schedule).length ? clock.today : addDays(clock.today, 1);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BookingInput>({
    resolver: zodResolver(bookingSchema(clock, schedule)),
    defaultValues: { date: firstDay, time: '', guests: 2, phone: '', note: '' },
  });

  const date = watch('date');
  const slots = openSlots(date, clock, schedule);
  const note = watch('note') ?? '';

  async function onSubmit(values: BookingInput) {
    try {
      const booking = await api<Booking>('/api/bookings', { method: 'POST', json: values });
      void notify.success('Table booked', `${formatDay(booking.date)} at ${booking.time} for ${booking.guests}. We will confirm it shortly.`);
      router.push('/dashboard/bookings');
    } catch (err) {
      setError('root', { message: err instanceof ApiError ? err.message : 'The booking could not be sent. Check your connection and try again.' });
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className={FORM_CARD}>
      <p className="text-sm text-gray-600">
        Booking as <strong>{guest.name}</strong> <span className="break-all">({guest.email})</span>
      </p>
      {/* Two abreast from a phone's width up, so the whole form and its button fit the first screen. */}
      <div className="grid gap-4 min-[25rem]:grid-cols-2 md:gap-6">
        <Field id="date" label="Date" error={errors.date?.message} hint={`Up to ${BOOKING_WINDOW_DAYS} days ahead`}>
          {(described) => (
            <input
              {...described}
              type="date"
              min={firstDay}
              max={addDays(clock.today, BOOKING_WINDOW_DAYS)}
              {...register('date', {
                // A time picked for another day may not exist on this one.
                onChange: (e: { target: { value: string } }) => {
                  if (!openSlots(e.target.value, clock, schedule).includes(watch('time'))) setValue('time', '');
                },
              })}
              className={INPUT}
            />
          )}
        </Field>
        <Field
          id="time"
          label="Time"
          error={errors.time?.message}
          hint={timeHint(date, slots, clock)}
        >
          {(described) => (
            <select {...described} disabled={!slots.length} {...register('time')} className={INPUT}>
              <option value="">Choose a time</option>
              {slots.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="guests" label="Guests" error={errors.guests?.message} hint={`Parties of more than ${MAX_GUESTS}: please call us`}>
          {(described) => (
            <select {...described} {...register('guests', { valueAsNumber: true })} className={INPUT}>
              {GUEST_COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? 'guest' : 'guests'}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="phone" label="Phone" error={errors.phone?.message} hint="In case we need to reach you about the booking">
          {(described) => <input {...described} type="tel" inputMode="tel" autoComplete="tel" placeholder="+1 555 010 2024" {...register('phone')} className={INPUT} />}
        </Field>
      </div>
      <Field id="note" label="Note (optional)" error={errors.note?.message} hint={`${note.length}/${NOTE_MAX} characters`}>
        {(described) => (
          <textarea {...described} rows={3} maxLength={NOTE_MAX} placeholder="Allergies, a high chair, a birthday…" {...register('note')} className={INPUT} />
        )}
      </Field>
      <FormError message={errors.root?.message} />
      <button type="submit" disabled={isSubmitting} className={SUBMIT}>
        {isSubmitting ? 'Booking…' : 'Book a table'}
      </button>
      {/* Below the button: on a phone the form and its button come first. */}
      {guest.emailVerified ? null : (
        <p className="text-sm text-gray-600">
          We email booking updates to verified addresses only: verify yours on your{' '}
          <Link href="/dashboard/userHome" className="font-semibold underline">
            account page
          </Link>{' '}
          to get them; your bookings are always listed on My Booking.
        </p>
      )}
    </form>
  );
}
