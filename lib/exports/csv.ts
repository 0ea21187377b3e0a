/**
 * CSV as spreadsheets and accounting tools read it (RFC 4180): a field with a comma, a quote or a
 * line break is quoted, quotes doubled. A text field a spreadsheet would run as a formula (one
 * starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe: a diner's name
 * or note must never become a formula on the owner's machine.
 */
export type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
