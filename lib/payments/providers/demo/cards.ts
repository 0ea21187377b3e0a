/**
 * The demo provider's test cards, modelled on Stripe's test mode so the same numbers behave the
 * same in either mode. Shared by the server (which charges them) and the form (which lists them).
 */
export const DEMO_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export interface DemoDecline {
  code: 'card_declined' | 'insufficient_funds';
  message: string;
}

/** What the demo bank says about a card number (digits only): null when it pays. */
export function demoDecline(digits: string): DemoDecline | null {
  if (digits === DEMO_CARDS.succeeds) return null;
  if (digits === DEMO_CARDS.insufficientFunds) return { code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  if (digits === DEMO_CARDS.declined) return { code: 'card_declined', message: 'Your card was declined.' };
  // Like Stripe's test mode, a real-looking card is refused rather than "charged".
  return { code: 'card_declined', message: 'Your card was declined. Demo mode accepts the test cards only.' };
}

/** '4242424242424242' → '4242 4242 4242 4242'. */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
