import { z } from 'zod';

/** The periods the statistics are read over (client-safe): today, this month, or all time, on the restaurant's calendar. */
export const STATS_PERIODS = ['today', 'month', 'all'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

const periodSchema = z.enum(STATS_PERIODS, { error: `period must be one of ${STATS_PERIODS.join(', ')}` });

/** GET /api/stats: `?period=` (all time when absent). */
export const statsQuerySchema = z.strictObject({ period: periodSchema.optional() });

/** The admin home's `?period=`: anything else shows all time, as a page does not answer 400. */
export const pagePeriod = (value: unknown): StatsPeriod => periodSchema.safeParse(value).data ?? 'all';
