/** The few icons the admin pages use, as inline SVG paths (no icon font to download). */
const PATHS = {
  edit: 'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z',
  trash: 'M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm7 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM1 20c0-3.3 3.6-6 8-6s8 2.7 8 6zm17 0c0-1.8-.7-3.4-2-4.6 3.3.3 7 1.9 7 4.6z',
  utensils: 'M8 2v8a2 2 0 0 1-1 1.7V22H5V11.7A2 2 0 0 1 4 10V2h1v6h1V2h1v6h1V2zm8 0c2.2 0 4 2.7 4 6 0 2.4-1 4.4-2.5 5.4V22h-2v-8.6C14 12.4 13 10.4 13 8c0-3.3 1.3-6 3-6z',
} as const;

export function Icon({ name, className = 'h-5 w-5' }: { name: keyof typeof PATHS; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`${className} shrink-0 fill-current`}>
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The square action button of a table row; its accessible name comes from `label`. */
export const ACTION_BUTTON =
  'inline-grid h-11 w-11 place-items-center rounded text-white transition disabled:cursor-wait disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';
