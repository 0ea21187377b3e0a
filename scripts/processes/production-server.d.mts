import type { ChildProcess } from 'node:child_process';

export const NEXT_BIN: string;

type Command = (where: { host: string; port: number }) => [string, string[]];

export const START_COMMAND: Command;

export function freePort(): Promise<number>;

export function spawnServer(options: { port: number; env?: Record<string, string>; cwd?: string; command?: Command }): {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
};

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

export function startServer(options?: {
  port?: number;
  env?: Record<string, string>;
  cwd?: string;
  command?: Command;
  readyPath?: string;
  ready?: (status: number) => boolean;
  timeoutMs?: number;
  pollMs?: number;
}): Promise<RunningServer>;
