/** Runs once when the server starts (Node.js runtime only): a misconfigured server stops here, saying why. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { checkPaymentsAtStart } = await import('@/lib/payments/startup-check');
  checkPaymentsAtStart();
  const { checkDatabaseAtStart } = await import('@/lib/db/startup-check');
  await checkDatabaseAtStart();
  // On Vercel the platform ends a function as it will; elsewhere a stop closes the data file first.
  if (!process.env.VERCEL) (await import('@/lib/db')).closeDbOnSignals();
  const { checkNoticesAtStart } = await import('@/lib/notify/startup');
  checkNoticesAtStart();
  const { startMail } = await import('@/lib/mail/startup');
  startMail();
  // On Vercel, where nothing runs between requests, the cron routes do these.
  if (!process.env.VERCEL) {
    (await import('@/lib/users/guests')).startGuestSweep();
    (await import('@/lib/payments/reconcile')).startReconciler();
  }
}
