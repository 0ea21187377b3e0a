import 'server-only';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { collections } from '@/lib/db';
import { MAX_TABLES } from './table-mode';

/** How many tables the restaurant has, until an admin sets it: TABLE_COUNT, else 20. */
function configuredCount(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.TABLE_COUNT?.trim() || 20);
  return Number.isInteger(n) && n >= 1 && n <= MAX_TABLES ? n : 20;
}

/** The number of tables, 1 to MAX_TABLES. Public: every table's QR code says as much. */
export async function tableCount(): Promise<number> {
  const { settings } = await collections();
  return (await settings.findOne({ _id: 'tables' }))?.count ?? configuredCount();
}

/** Sets the number of tables (the input has passed `tableCountSchema`). */
export async function setTableCount(admin: Admin, count: number): Promise<{ count: number }> {
  authorize(admin, 'admin');
  const { settings } = await collections();
  await settings.updateOne({ _id: 'tables' }, { $set: { count, updatedAt: new Date() } }, { upsert: true });
  return { count };
}

/** The table, when the restaurant has it. */
export async function isTable(table: number): Promise<boolean> {
  return Number.isInteger(table) && table >= 1 && table <= (await tableCount());
}
