/** Emails are stored and compared trimmed and in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Providers that ignore dots in the local part: one mailbox has many spellings there. */
const DOTLESS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, as a per-person limit counts it: normalized, without a
 * `+tag`, and for providers that ignore dots, without them (and one name for Gmail's two domains).
 * So `Dana.Lee+promo@gmail.com` and `danalee@googlemail.com` are one person.
 */
export function personEmail(email: string): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  if (at < 1) return normalized;
  const domain = normalized.slice(at + 1);
  let local = normalized.slice(0, at).split('+')[0]!;
  if (DOTLESS.has(domain)) local = local.replaceAll('.', '');
  return `${local || normalized.slice(0, at)}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}
