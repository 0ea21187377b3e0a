import { ListState } from '@/components/admin/admin-table';

/** What a list or form shows until its SWR read has data: a spinner, or the failure with a retry. */
export function FetchFallback({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return error ? (
    <ListState state="error" onRetry={onRetry}>
      {`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded.`}
    </ListState>
  ) : (
    <ListState state="loading">{`Loading ${what}…`}</ListState>
  );
}
