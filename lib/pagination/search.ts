/**
 * Search by the start of a field (client-safe): a range on the field's index, so a search is an
 * index lookup on both backends and the text is never read as a pattern.
 */

/** Every string that starts with `prefix`, as a range MongoDB and the embedded engine read from an index. */
export const prefixRange = (prefix: string) => ({ $gte: prefix, $lt: `${prefix}\uffff` });

/**
 * The ways a name may start with what was typed: as typed, and with each word capitalised, as
 * names are mostly written ("ada lo" finds "Ada Lovelace"). Emails are kept in lower case.
 */
export function nameForms(search: string): string[] {
  const capitalised = search.replace(/(^|\s)(\p{Ll})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase());
  return [...new Set([search, capitalised])];
}

export function startsWithSearch(search: string, name: string | undefined, email: string): boolean {
  return email.startsWith(search.toLowerCase()) || (name !== undefined && nameForms(search).some((form) => name.startsWith(form)));
}
