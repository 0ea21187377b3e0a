/**
 * Runs once when the server starts. With the embedded database, an unusable DATA_DIR is said
 * plainly here and the server stops, instead of every request failing with a stack trace.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build' || process.env.MONGODB_URI) return;
  const { getDb } = await import('@/lib/db');
  try {
    await getDb();
  } catch (err) {
    if ((err as Error).name !== 'DataDirError') throw err;
    console.error(`\n[bistro] Cannot start: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
