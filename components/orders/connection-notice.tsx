/** What a live screen shows while its order stream is down: it catches up once back. */
export function ConnectionNotice({ reconnecting }: { reconnecting: boolean }) {
  return (
    <p role="status" className={reconnecting ? 'rounded bg-amber-100 px-4 py-2 font-semibold text-amber-950' : 'sr-only'}>
      {reconnecting ? 'Reconnecting… Changes made meanwhile appear once the connection is back.' : ''}
    </p>
  );
}
