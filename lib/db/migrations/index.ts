/**
 * Every data migration, in the order they run. A new one is a file `NNN-name.ts` with the next
 * number, added at the end; one that has run on any database is never edited or removed.
 */
import type { Migration } from './types.ts';
import { menuFields } from './001-menu-fields.ts';
import { reviewIds } from './002-review-ids.ts';
import { owners } from './003-owners.ts';
import { dropEmailIndexes } from './004-drop-email-indexes.ts';
import { checkoutIntents } from './020-checkout-intents.ts';
import { cartLineFields } from './021-cart-line-fields.ts';
import { orderLines } from './022-order-lines.ts';
import { orderMoney } from './023-order-money.ts';
import { orderHistory } from './024-order-history.ts';
import { kitchenLoad } from './025-kitchen-load.ts';
import { tableCount } from './026-table-count.ts';
import { dailyRollups } from './027-daily-rollups.ts';
import { reportRollups } from './028-report-rollups.ts';
import { reviewTotals } from './029-review-totals.ts';
import { holdCounters } from './030-hold-counters.ts';
import { settingsCollections } from './031-settings-collections.ts';
import { listIndexes } from './032-list-indexes.ts';
import { promoUses } from './033-promo-uses.ts';
import { checkoutReconcile } from './034-checkout-reconcile.ts';
import { tableCodePeriod } from './035-table-code-period.ts';

export type { Migration };

export const MIGRATIONS: readonly Migration[] = [menuFields, reviewIds, owners, dropEmailIndexes, checkoutIntents, cartLineFields, orderLines, orderMoney, orderHistory, kitchenLoad, tableCount, dailyRollups, reportRollups, reviewTotals, holdCounters, settingsCollections, listIndexes, promoUses, checkoutReconcile, tableCodePeriod];
