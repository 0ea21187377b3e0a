import path from 'node:path';

/** DATA_DIR, relative to the working directory, `.data/` by default. */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  // The data lives outside the build's trace: tell Turbopack not to follow it.
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.DATA_DIR || '.data');
}

/**
 * The data directory cannot be used as it is (not writable, damaged, full, from a newer version,
 * in use): the server stops at start with this one message, and API calls answer 503.
 */
export class DataDirError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DataDirError';
  }
}

export function notWritable(dir: string, cause: unknown): DataDirError {
  const why = cause instanceof Error ? cause.message : String(cause);
  return new DataDirError(
    `DATA_DIR "${dir}" is not writable (${why}). Set DATA_DIR to a writable directory, or set MONGODB_URI to use MongoDB.`,
    { cause },
  );
}
