'use client';

import { DataTable, type Column } from '@/components/ui/data-table';
import { useAction } from '@/components/admin/use-action';
import { api } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import type { Booking, BookingStatus } from '@/lib/reservations/types';
import { formatDay } from '@/lib/reservations/calendar';
import { refusal, type StatusChange } from '@/lib/reservations/status';

const BADGE: Record<BookingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  cancelled: 'bg-gray-200 text-gray-700',
  expired: 'bg-gray-200 text-gray-700',
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold capitalize ${BADGE[status]}`}>{status}</span>;
}

const VERB: Record<StatusChange, { label: string; done: string; className: string }> = {
  confirmed: { label: 'Confirm', done: 'Booking confirmed', className: 'bg-green-700 hover:bg-green-800' },
  cancelled: { label: 'Cancel', done: 'Booking cancelled', className: 'bg-red-600 hover:bg-red-700' },
};

interface StatusButtonProps {
  booking: Booking;
  change: StatusChange;
  admin: boolean;
  onChanged: () => Promise<unknown>;
}

/**
 * Confirms or cancels one booking (cancelling asks first). When the rules of lib/reservations/
 * status.ts refuse the change, the button stays focusable and says why instead of vanishing.
 */
function StatusButton({ booking, change, admin, onChanged }: StatusButtonProps) {
  const { busy, run } = useAction();
  const verb = VERB[change];
  const refused = refusal(booking, change, admin)?.message;
  const reasonId = refused ? `${booking._id}-${change}-reason` : undefined;
  const what = `the booking of ${booking.name} on ${formatDay(booking.date)} at ${booking.time}`;

  function onClick() {
    if (refused || busy) return;
    void run(async () => {
      if (change === 'cancelled') {
        const confirmed = await notify.confirm({
          icon: 'warning',
          title: 'Cancel this booking?',
          text: `${formatDay(booking.date)} at ${booking.time}, ${booking.guests} ${booking.guests === 1 ? 'guest' : 'guests'}. The table goes back on sale.`,
          confirmButtonText: 'Yes, cancel it',
        });
        if (!confirmed) return;
      }
      await api<Booking>(`/api/bookings/${booking._id}`, { method: 'PATCH', json: { status: change } });
      await onChanged();
      void notify.toast(verb.done);
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        disabled={busy}
        aria-disabled={refused ? true : undefined}
        aria-describedby={reasonId}
        aria-label={`${verb.label} ${what}`}
        title={refused ?? `${verb.label} ${what}`}
        className={`min-h-11 min-w-11 rounded px-3 py-2 text-sm font-semibold text-white transition disabled:cursor-wait disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 ${verb.className}`}
      >
        {busy ? 'Working…' : verb.label}
      </button>
      {reasonId ? (
        <span id={reasonId} className="sr-only">
          {refused}
        </span>
      ) : null}
    </>
  );
}

interface BookingTableProps {
  caption: string;
  bookings: Booking[];
  /** Diners see their table by date; admins see one day's guests with confirm and cancel. */
  view: 'diner' | 'admin';
  onChanged: () => Promise<unknown>;
}

export function BookingTable({ caption, bookings, view, onChanged }: BookingTableProps) {
  const admin = view === 'admin';
  const when: Column<Booking> = {
    header: 'When',
    rowHeader: true,
    cell: (b) => (
      <>
        <span className="block font-semibold">{formatDay(b.date)}</span>
        <span className="text-gray-600 tabular-nums">{b.time}</span>
      </>
    ),
  };
  const time: Column<Booking> = { header: 'Time', rowHeader: true, cell: (b) => b.time, className: 'w-20 font-semibold tabular-nums' };
  const guest: Column<Booking> = {
    header: 'Guest',
    cell: (b) => (
      <>
        <span className="block font-semibold">{b.name}</span>
        <span className="block text-xs break-all text-gray-500">{b.email}</span>
        <a href={`tel:${b.phone.replace(/[^+\d]/g, '')}`} className="inline-flex min-h-11 items-center text-xs text-gold underline">
          {b.phone}
        </a>
      </>
    ),
  };
  const details: Column<Booking>[] = [
    { header: 'Party', cell: (b) => `${b.guests} ${b.guests === 1 ? 'guest' : 'guests'}`, className: 'whitespace-nowrap' },
    { header: 'Note', cell: (b) => b.note || <span className="text-gray-500">None</span>, className: 'max-w-xs break-words' },
    { header: 'Status', cell: (b) => <StatusBadge status={b.status} /> },
  ];
  const changes: StatusChange[] = admin ? ['confirmed', 'cancelled'] : ['cancelled'];
  const actions: Column<Booking> = {
    header: admin ? 'Actions' : 'Action',
    cell: (b) => (
      <div className="flex flex-wrap gap-2">
        {changes.map((change) => (
          <StatusButton key={change} booking={b} change={change} admin={admin} onChanged={onChanged} />
        ))}
      </div>
    ),
  };
  const columns = admin ? [time, guest, ...details, actions] : [when, ...details, actions];
  return <DataTable caption={caption} columns={columns} rows={bookings} />;
}
