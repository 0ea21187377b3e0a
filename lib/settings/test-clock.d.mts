import type { IncomingMessage, ServerResponse } from 'node:http';

export const TEST_CLOCK_FLAG: string;
export const TEST_CLOCK_PATH: string;
export function clockOffsetMs(): number;
export function testClockHook(env?: NodeJS.ProcessEnv): ((req: IncomingMessage, res: ServerResponse) => boolean) | null;
