import { StoreFileError } from './errors.ts';

/**
 * `node:sqlite`, looked up at run time: bundlers leave it alone, and an old Node gets a sentence
 * instead of a failed import.
 */
export function sqlite(): typeof import('node:sqlite') {
  const mod = process.getBuiltinModule?.('node:sqlite');
  if (!mod) throw new StoreFileError(`The embedded database needs Node.js 22.13 or later (this is ${process.version}).`);
  return mod;
}
