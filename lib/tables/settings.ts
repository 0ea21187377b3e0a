import 'server-only';
import { getSettings } from '@/lib/settings/store';

/** The number of tables, 1 to MAX_TABLES, from the settings (set on the Tables page). Public: every table's QR code says as much. */
export async function tableCount(): Promise<number> {
  return (await getSettings()).tables.count;
}

/** The table, when the restaurant has it. */
export async function isTable(table: number): Promise<boolean> {
  return Number.isInteger(table) && table >= 1 && table <= (await tableCount());
}
