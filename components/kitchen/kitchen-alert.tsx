/** Why a tap on the kitchen display did not take (the server's words), until the cook dismisses it. */
export function KitchenAlert({ message, onDismiss, className = '' }: { message: string; onDismiss: () => void; className?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className={`flex items-center justify-between gap-3 rounded bg-red-50 px-4 py-3 text-red-900 ring-2 ring-red-700 ${className}`}>
      <span>{message}</span>
      <button type="button" onClick={onDismiss} className="min-h-11 rounded px-3 font-semibold underline">
        Dismiss
      </button>
    </div>
  );
}
