'use client';

import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { DateRangeFields, FilterSelect, listUrl } from '@/components/ui/filter-fields';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList, type FirstPage } from '@/components/ui/use-paged-list';
import { BOOKING_STATUSES } from '@/lib/reservations/schemas';
import type { Booking, BookingStatus } from '@/lib/reservations/types';
import { formatDay } from '@/lib/reservations/calendar';
import { BookingTable } from './booking-table';

/** Status changes made elsewhere (the restaurant confirming, a diner cancelling) show within seconds. */
const REFRESH_MS = 5000;

const HEADING = 'font-display text-2xl uppercase';
const BOOK_LINK = 'inline-flex min-h-11 items-center rounded bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-gold';

/**
 * Bookings from `url`, kept fresh; the loading, failed and empty states are answered here so
 * each list renders only the happy path.
 */
interface BookingListProps {
  url: string;
  first: FirstPage<Booking>;
  /** 'your bookings', for the loading and failure messages. */
  what: string;
  empty: ReactNode;
  children: (bookings: Booking[], refresh: () => Promise<unknown>) => ReactNode;
}

function BookingList({ url, first, what, empty, children }: BookingListProps) {
  const { items: data, total, hasMore, loadingMore, loadMore, error, mutate } = usePagedList<Booking>(url, first, { refreshInterval: REFRESH_MS });
  if (!data) {
    const failed = `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded.`;
    return <LoadingOrError error={error} onRetry={() => void mutate()} loading={`Loading ${what}…`} failed={failed} />;
  }
  if (!data.length) return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      {error ? (
        <p role="status" className="mb-4 rounded bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Could not refresh just now; showing the bookings as they were. Retrying…
        </p>
      ) : null}
      {children(data, () => mutate())}
      <LoadMore shown={data.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} noun={['booking', 'bookings']} />
    </>
  );
}

const bookLink = (
  <Link href="/dashboard/reservation" className="font-semibold text-gold underline">
    Book a table
  </Link>
);

const bySlot = (a: Booking, b: Booking) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`);

/** The diner's own bookings, latest day first a page at a time: upcoming soonest first, then past ones, most recent first. */
export function MyBookings({ first }: { first: FirstPage<Booking> }) {
  return (
    <BookingList url={first.url} first={first} what="your bookings" empty={<>You have no bookings yet. {bookLink}.</>}>
      {(bookings, refresh) => {
        const upcoming = bookings.filter((b) => !b.started).sort(bySlot);
        const past = bookings.filter((b) => b.started).sort((a, b) => bySlot(b, a));
        return (
          <div className="space-y-10">
            <section aria-labelledby="upcoming-bookings">
              <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
                <h2 id="upcoming-bookings" className={HEADING}>
                  Upcoming: {upcoming.length}
                </h2>
                <Link href="/dashboard/reservation" className={BOOK_LINK}>
                  Book another table
                </Link>
              </div>
              {upcoming.length ? (
                <BookingTable caption="Your upcoming bookings" bookings={upcoming} view="diner" onChanged={refresh} />
              ) : (
                <p className="rounded-lg bg-white p-6 text-center text-gray-600 shadow-sm">No upcoming bookings. {bookLink}.</p>
              )}
            </section>
            {past.length ? (
              <section aria-labelledby="past-bookings">
                <h2 id="past-bookings" className={`${HEADING} mb-4`}>
                  Past: {past.length}
                </h2>
                <BookingTable caption="Your past bookings" bookings={past} view="diner" onChanged={refresh} />
              </section>
            ) : null}
          </div>
        );
      }}
    </BookingList>
  );
}

interface Day {
  date: string;
  bookings: Booking[];
}

/** Days in calendar order, each with its bookings by time. */
function byDay(bookings: Booking[]): Day[] {
  const days = new Map<string, Booking[]>();
  for (const booking of bookings) days.set(booking.date, [...(days.get(booking.date) ?? []), booking]);
  return [...days.keys()].sort().map((date) => ({ date, bookings: days.get(date)!.sort((a, b) => a.time.localeCompare(b.time)) }));
}

function DayTable({ day, refresh }: { day: Day; refresh: () => Promise<unknown> }) {
  const live = day.bookings.filter((b) => b.status !== 'cancelled');
  const guests = live.reduce((sum, b) => sum + b.guests, 0);
  const id = `day-${day.date}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-3 flex flex-wrap items-baseline gap-x-4 font-display text-xl">
        {formatDay(day.date)}
        <span className="font-sans text-sm text-gray-600">
          {live.length} {live.length === 1 ? 'booking' : 'bookings'}, {guests} {guests === 1 ? 'guest' : 'guests'}
        </span>
      </h3>
      <BookingTable caption={`Bookings on ${formatDay(day.date)}`} bookings={day.bookings} view="admin" onChanged={refresh} />
    </section>
  );
}

interface BookingFilters {
  status: BookingStatus | '';
  from: string;
  to: string;
}

/** Every booking, latest day first a page at a time, by status and day: days still to come first, then past days folded away. */
export function ManageBookings({ first }: { first: FirstPage<Booking> }) {
  const [filters, setFilters] = useState<BookingFilters>({ status: '', from: '', to: '' });
  const url = listUrl(first.url, { ...filters });
  return (
    <div className="space-y-6">
      <form role="search" aria-label="Filter bookings" onSubmit={(event) => event.preventDefault()} className="flex flex-wrap items-end gap-4">
        <FilterSelect id="booking-status" label="Status" value={filters.status} onChange={(status) => setFilters({ ...filters, status: status as BookingStatus | '' })}>
          <option value="">Any</option>
          {BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </FilterSelect>
        <DateRangeFields id="booking" labels={['From', 'Until']} from={filters.from} to={filters.to} onChange={(range) => setFilters({ ...filters, ...range })} />
      </form>
      <BookingList url={url} first={first} what="the bookings" empty={url === first.url ? 'No bookings yet. They appear here as soon as diners book.' : 'No bookings match these filters.'}>
      {(bookings, refresh) => {
        const days = byDay(bookings);
        // A day is past once every booking on it has started; today stays up while any is still to come.
        const upcoming = days.filter((d) => d.bookings.some((b) => !b.started));
        const past = days.filter((d) => d.bookings.every((b) => b.started)).reverse();
        const pending = bookings.filter((b) => b.status === 'pending' && !b.started).length;
        return (
          <div className="space-y-10">
            <p role="status" className="rounded-lg bg-white px-6 py-4 shadow-sm">
              {pending ? `${pending} ${pending === 1 ? 'booking' : 'bookings'} shown ${pending === 1 ? 'is' : 'are'} waiting for confirmation.` : 'Every upcoming booking shown has been answered.'}
            </p>
            <section aria-labelledby="upcoming-days" className="space-y-8">
              <h2 id="upcoming-days" className={HEADING}>
                Upcoming
              </h2>
              {upcoming.length ? (
                upcoming.map((day) => <DayTable key={day.date} day={day} refresh={refresh} />)
              ) : (
                <p className="rounded-lg bg-white p-6 text-center text-gray-600 shadow-sm">No upcoming bookings.</p>
              )}
            </section>
            {past.length ? (
              <details>
                <summary className={`${HEADING} cursor-pointer`}>Past days: {past.length}</summary>
                <div className="mt-6 space-y-8">
                  {past.map((day) => (
                    <DayTable key={day.date} day={day} refresh={refresh} />
                  ))}
                </div>
              </details>
            ) : null}
          </div>
        );
      }}
    </BookingList>
    </div>
  );
}
