/** Which card provider runs: Stripe with its keys, the demo card with none, and nothing half-way. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentMode, paymentSetupProblem } from '@/lib/payments/mode';

afterEach(() => vi.unstubAllEnvs());

describe('the payment setup', () => {
  it('runs the demo card with no Stripe key at all', () => {
    vi.stubEnv('NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', '');
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    expect(paymentMode()).toBe('demo');
    expect(paymentSetupProblem()).toBeNull();
  });

  it('runs Stripe when the build has its publishable key', () => {
    vi.stubEnv('NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', 'pk_test_x');
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_x');
    expect(paymentMode()).toBe('stripe');
    expect(paymentSetupProblem()).toBeNull();
  });

  it('refuses to start with a secret key but a build without the publishable key, instead of taking demo cards', () => {
    vi.stubEnv('NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', '');
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_live_x');
    expect(paymentSetupProblem()).toMatch(/^STRIPE_SECRET_KEY is set but this build has no NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY/);
  });
});
