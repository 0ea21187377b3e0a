'use client';

/** Opens the browser's print dialog; not printed itself. */
export function PrintButton({ children }: { children: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="min-h-11 rounded bg-ink px-5 py-2 font-semibold text-white hover:bg-gold print:hidden"
    >
      {children}
    </button>
  );
}
