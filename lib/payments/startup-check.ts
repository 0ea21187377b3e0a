import { paymentSetupProblem } from './mode';

/** A server configured for Stripe but built without its publishable key stops at start, saying why. */
export function checkPaymentsAtStart(): void {
  const problem = paymentSetupProblem();
  if (!problem) return;
  console.error(`\n[bistro] Cannot start: ${problem}\n`);
  process.exit(1);
}
