'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { useAction } from '@/components/admin/use-action';
import { DataTable, type Column } from '@/components/ui/data-table';
import { LoadMore } from '@/components/ui/load-more';
import { EmptyState, LoadingOrError } from '@/components/ui/load-states';
import { usePagedList, type FirstPage } from '@/components/ui/use-paged-list';
import { useClock } from '@/components/kitchen/use-clock';
import { api, fetcher } from '@/lib/client/api';
import { notify } from '@/lib/client/notify';
import { PASS_LABEL, PASS_STATION, PROTOCOL_LABELS, type PrintJob, type PrintSetup, type Printer, type PrinterConnection } from '@/lib/printing/types';
import { PrinterForm } from './printer-form';
import { SetupSteps } from './setup-steps';
import { StationsForm, type StationDish } from './stations-form';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function lastSeen(printer: Printer, now: number): string {
  if (!printer.seen) return 'Not connected yet';
  const seconds = Math.max(0, Math.round((now - Date.parse(printer.seen.at)) / 1000));
  if (seconds < 90) return 'Seen just now';
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `Seen ${minutes} minutes ago` : `Seen ${when.format(new Date(printer.seen.at))}`;
}

const PAPER = { ok: 'Paper OK', low: 'Paper low', out: 'Out of paper', unknown: 'Paper not reported' } as const;
const COVER = { closed: 'cover closed', open: 'cover open', unknown: 'cover not reported' } as const;

function PrinterCard({ printer, stationNames, now, onChange, onConnection, onRemoved }: { printer: Printer; stationNames: Map<string, string>; now: number; onChange: () => void; onConnection: (c: PrinterConnection) => void; onRemoved: () => void }) {
  const rotate = useAction();
  const remove = useAction();
  const [preview, setPreview] = useState(false);
  const trouble = printer.seen && (printer.seen.paper === 'out' || printer.seen.cover === 'open' || !printer.seen.online);
  return (
    <li className="space-y-2 rounded-lg bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-display text-lg break-words">{printer.name}</h3>
          <p className="text-sm text-gray-700">
            {PROTOCOL_LABELS[printer.protocol]}, {printer.paperWidth} mm{printer.copies > 1 ? `, ${printer.copies} copies` : ''}
          </p>
          <p className="text-sm text-gray-700">Prints for {printer.stations.map((id) => (id === PASS_STATION ? PASS_LABEL : (stationNames.get(id) ?? id))).join(', ')}</p>
        </div>
        <p role="status" className={`rounded px-3 py-1 text-sm font-semibold ${trouble || !printer.seen ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900'}`}>
          {lastSeen(printer, now)}
        </p>
      </div>
      {printer.seen ? (
        <p className="text-sm">
          {PAPER[printer.seen.paper]}, {COVER[printer.seen.cover]}. It reported: <span className="font-mono break-all">{printer.seen.reported}</span>
        </p>
      ) : null}
      <p className="text-sm">
        {printer.waiting ? `${printer.waiting} ticket${printer.waiting === 1 ? '' : 's'} waiting` : 'No ticket waiting'}
        {printer.refusedTypes.length ? `. Refused: ${printer.refusedTypes.join(', ')} (changing the printer offers them again)` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onChange} className="min-h-11 rounded border-2 border-ink px-3 text-sm font-semibold hover:bg-cream">
          Change<span className="sr-only"> {printer.name}</span>
        </button>
        <button type="button" aria-expanded={preview} onClick={() => setPreview((open) => !open)} className="min-h-11 rounded border-2 border-ink px-3 text-sm font-semibold hover:bg-cream">
          {preview ? 'Hide' : 'Preview'} a ticket<span className="sr-only"> of {printer.name}</span>
        </button>
        <button
          type="button"
          disabled={rotate.busy}
          onClick={() =>
            void rotate.run(async () => {
              const ok = await notify.confirm({ icon: 'warning', title: `A new URL for ${printer.name}?`, text: 'The URL it has now stops working at once: type the new one into the printer.', confirmButtonText: 'Yes, a new URL' });
              if (ok) onConnection(await api<PrinterConnection>(`/api/printers/${printer._id}/secret`, { method: 'POST' }));
            })
          }
          className="min-h-11 rounded border-2 border-ink px-3 text-sm font-semibold hover:bg-cream disabled:opacity-60"
        >
          New URL<span className="sr-only"> for {printer.name}</span>
        </button>
        <button
          type="button"
          disabled={remove.busy}
          onClick={() =>
            void remove.run(async () => {
              const ok = await notify.confirm({ icon: 'warning', title: `Remove ${printer.name}?`, text: printer.waiting ? `Its ${printer.waiting} waiting tickets will not print.` : 'It stops printing at once.', confirmButtonText: 'Yes, remove it' });
              if (!ok) return;
              await api(`/api/printers/${printer._id}`, { method: 'DELETE' });
              onRemoved();
            })
          }
          className="min-h-11 rounded border-2 border-red-700 px-3 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          Remove<span className="sr-only"> {printer.name}</span>
        </button>
      </div>
      {preview ? (
        // eslint-disable-next-line @next/next/no-img-element -- an SVG drawn per request for this admin, not an asset to optimise
        <img src={`/api/printers/${printer._id}/preview`} alt={`A sample ticket as ${printer.name} prints it`} className="max-w-full border border-gray-300 bg-white" width={printer.paperWidth === 80 ? 576 : 384} />
      ) : null}
    </li>
  );
}

const KIND = { order: 'New order', reprint: 'REPRINT', cancel: 'CANCELLED' } as const;
const STATE = { queued: 'Waiting', fetched: 'Printing', printed: 'Printed', failed: 'Failed' } as const;

function Ledger({ first }: { first: FirstPage<PrintJob> }) {
  const { items, total, hasMore, loadingMore, loadMore, error, mutate } = usePagedList<PrintJob>(first.url, first, { refreshInterval: 15_000 });
  const columns: Column<PrintJob>[] = [
    { header: 'Queued', rowHeader: true, cell: (job) => <time dateTime={job.createdAt}>{when.format(new Date(job.createdAt))}</time> },
    { header: 'Order', cell: (job) => <span className="font-semibold">{job.order.label}</span> },
    { header: 'Ticket', cell: (job) => `${KIND[job.kind]}${job.by ? ` (${job.by})` : ''}` },
    // Media types and names are long words: on a phone's card they break rather than widen the page.
    { header: 'Printer', cell: (job) => <span className="break-words">{`${job.printer.name}: ${job.stations.join(' + ')}`}</span> },
    { header: 'State', cell: (job) => <span className="break-words">{`${STATE[job.state]}${job.error ? `: ${job.error}` : ''}${job.mediaType && job.state !== 'queued' ? ` (${job.mediaType})` : ''}`}</span> },
  ];
  if (!items) return <LoadingOrError error={error} onRetry={() => void mutate()} loading="Loading the tickets…" failed="The tickets could not be loaded." />;
  if (!items.length) return <EmptyState>No ticket yet: each paid order puts one here per printer.</EmptyState>;
  return (
    <>
      <DataTable caption="Every ticket sent to the printers, newest first" columns={columns} rows={items} />
      <LoadMore shown={items.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} noun={['ticket', 'tickets']} />
    </>
  );
}

/** The Printers page (`readAt`: when the server read it): the printers and what they report, adding and changing one (with its setup steps), the stations, and the ledger of tickets. */
export function PrinterAdmin({ printers: initial, setup: initialSetup, first, dishes, readAt }: { printers: Printer[]; setup: PrintSetup; first: FirstPage<PrintJob>; dishes: StationDish[]; readAt: number }) {
  const { data: printers = initial, mutate } = useSWR<Printer[]>('/api/printers', fetcher, { fallbackData: initial, refreshInterval: 10_000 });
  const [setup, setSetup] = useState(initialSetup);
  const [editing, setEditing] = useState<Printer | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [connection, setConnection] = useState<PrinterConnection | null>(null);
  const now = useClock(readAt, 15_000);
  const stationNames = new Map(setup.stations.map((station) => [station.id, station.name]));

  function open(printer: Printer | null) {
    setEditing(printer);
    setFormKey((key) => key + 1);
  }

  return (
    <div className="space-y-8">
      {connection ? (
        <SetupSteps
          connection={connection}
          onDone={() => {
            setConnection(null);
            void mutate();
          }}
        />
      ) : null}
      <section aria-labelledby="printers-title" className="space-y-3">
        <h2 id="printers-title" className="font-display text-xl">
          Printers
        </h2>
        {printers.length ? (
          <ul className="grid gap-4 lg:grid-cols-2">
            {printers.map((printer) => (
              <PrinterCard
                key={printer._id}
                printer={printer}
                stationNames={stationNames}
                now={now}
                onChange={() => open(printer)}
                onConnection={(made) => {
                  setConnection(made);
                  void mutate();
                }}
                onRemoved={() => void mutate()}
              />
            ))}
          </ul>
        ) : (
          <EmptyState>No printer yet. A Star or Epson cloud printer prints each paid order&apos;s tickets: add one below.</EmptyState>
        )}
      </section>
      <PrinterForm
        key={formKey}
        printer={editing}
        stations={setup.stations}
        onAdded={(made) => {
          setConnection(made);
          open(null);
          void mutate();
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
        onChanged={() => {
          void notify.toast('Printer saved');
          open(null);
          void mutate();
        }}
        onCancel={() => open(null)}
      />
      <StationsForm setup={setup} dishes={dishes} printers={printers} onSaved={setSetup} />
      <section aria-labelledby="ledger-title" className="space-y-3">
        <h2 id="ledger-title" className="font-display text-xl">
          Tickets
        </h2>
        <Ledger first={first} />
      </section>
    </div>
  );
}
