/** The account area while it loads: the size of the links it becomes, so nothing moves. */
export function AccountPlaceholder() {
  return (
    <li>
      <span className="block h-9 w-28 animate-pulse rounded bg-white/20" aria-label="Checking your session" role="status" />
    </li>
  );
}
