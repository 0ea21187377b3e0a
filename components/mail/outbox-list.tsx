import Link from 'next/link';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/load-states';
import type { Channel } from '@/lib/notify/types';
import { KIND_LABELS, type OutboxMessage, type OutboxPage, type OutboxView } from '@/lib/mail/types';
import { RetryButton } from './retry-button';

// The server's clock is the restaurant's (TZ).
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const VIEW_LABELS: Record<OutboxView, string> = { failed: 'Failed', waiting: 'Waiting' };
const CHANNEL_LABELS: Record<Channel, string> = { push: 'Push', sms: 'Text', email: 'Email' };

/**
 * The Email page's list: the messages that failed (with the server's reply and Retry) or that
 * still wait (with when they go next), a page at a time, and the switch between the two.
 */
export function OutboxList({ page, view }: { page: OutboxPage; view: OutboxView }) {
  const columns: Column<OutboxMessage>[] = [
    { header: 'Message', rowHeader: true, cell: (m) => <span className="font-semibold">{KIND_LABELS[m.kind]}</span> },
    { header: 'To', cell: (m) => <span className="break-all">{m.channel === 'email' ? m.to : `${CHANNEL_LABELS[m.channel]} (else ${m.to})`}</span> },
    { header: 'Written', cell: (m) => <time dateTime={m.createdAt}>{when.format(new Date(m.createdAt))}</time> },
    { header: 'Attempts', cell: (m) => m.attempts, className: 'text-center' },
    view === 'failed'
      ? { header: 'Server said', cell: (m) => <span className="break-words">{m.lastError ?? ''}</span> }
      : { header: 'Next try', cell: (m) => <time dateTime={m.nextAttemptAt}>{when.format(new Date(m.nextAttemptAt))}</time> },
  ];
  if (view === 'failed') columns.push({ header: 'Retry', cell: (m) => <RetryButton id={m._id} to={m.to} />, className: 'w-24 text-center' });

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        {page.server ? (
          <>
            Mail goes out through <strong>{page.server}</strong>.
          </>
        ) : (
          <>No SMTP server is configured (SMTP_URL), so messages wait here until one is.</>
        )}
      </p>
      <nav aria-label="Messages by state" className="flex gap-2">
        {(['failed', 'waiting'] as const).map((state) => (
          <Link
            key={state}
            href={`/dashboard/email?state=${state}`}
            aria-current={state === view ? 'page' : undefined}
            className={`inline-flex min-h-11 items-center rounded px-4 py-2 font-semibold ${state === view ? 'bg-ink text-white' : 'bg-white text-ink shadow-sm hover:bg-gray-100'}`}
          >
            {VIEW_LABELS[state]} ({page.counts[state]})
          </Link>
        ))}
      </nav>
      {page.messages.length ? (
        <DataTable caption={`${VIEW_LABELS[view]} messages, newest first`} columns={columns} rows={page.messages} />
      ) : (
        <EmptyState>{view === 'failed' ? 'No message has failed.' : 'Nothing is waiting to be sent.'}</EmptyState>
      )}
      {page.next ? (
        <Link href={`/dashboard/email?state=${view}&before=${page.next}`} className="inline-flex min-h-11 items-center font-semibold text-gold-dark underline">
          Older messages
        </Link>
      ) : null}
    </div>
  );
}
