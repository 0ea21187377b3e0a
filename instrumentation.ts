/** Runs once when the server starts (Node.js runtime only). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build' || process.env.MONGODB_URI) return;
  const { checkDatabaseAtStart } = await import('@/lib/db/startup-check');
  await checkDatabaseAtStart();
}
