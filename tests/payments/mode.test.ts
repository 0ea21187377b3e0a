/** Which card provider runs: Stripe with its keys, the demo card with none, and nothing half-way. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoPaymentsOnPurpose, paymentMode, paymentSetupProblem } from '@/lib/payments/mode';

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

  describe('in production', () => {
    const noProvider = () => {
      vi.stubEnv('NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', '');
      vi.stubEnv('STRIPE_SECRET_KEY', '');
      vi.stubEnv('NODE_ENV', 'production');
      for (const name of ['MONGODB_URI', 'VERCEL', 'FIREBASE_PROJECT_ID', 'FIREBASE_AUTH_EMULATOR_HOST', 'PAYMENTS']) vi.stubEnv(name, '');
    };

    it.each([
      ['MONGODB_URI', 'mongodb+srv://bistro.example.net/bistro'],
      ['VERCEL', '1'],
      ['FIREBASE_PROJECT_ID', 'bistro-prod'],
    ])('refuses to start on real services (%s) with no provider, naming the way out', (name, value) => {
      noProvider();
      vi.stubEnv(name, value);
      expect(paymentSetupProblem()).toMatch(/no payment provider.*PAYMENTS=demo/s);
      expect(demoPaymentsOnPurpose()).toBe(false);
    });

    it('starts on the demo card when PAYMENTS=demo asks for it, and then says so on every page', () => {
      noProvider();
      vi.stubEnv('MONGODB_URI', 'mongodb+srv://bistro.example.net/bistro');
      vi.stubEnv('PAYMENTS', 'demo');
      expect(paymentSetupProblem()).toBeNull();
      expect(demoPaymentsOnPurpose()).toBe(true);
    });

    it('keeps the demo card, with no banner, on the embedded local run (the Auth Emulator, no database server)', () => {
      noProvider();
      vi.stubEnv('FIREBASE_PROJECT_ID', 'bistro-prod');
      vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099');
      expect(paymentSetupProblem()).toBeNull();
      expect(demoPaymentsOnPurpose()).toBe(false);
    });

    it('has nothing to say once Stripe is set up, its webhook included', () => {
      noProvider();
      vi.stubEnv('MONGODB_URI', 'mongodb+srv://bistro.example.net/bistro');
      vi.stubEnv('NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', 'pk_live_x');
      vi.stubEnv('STRIPE_SECRET_KEY', 'sk_live_x');
      vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_x');
      expect(paymentSetupProblem()).toBeNull();
      expect(demoPaymentsOnPurpose()).toBe(false);
    });

    it('refuses to start on Stripe without its webhook secret, naming the endpoint and where the events are listed', () => {
      noProvider();
      vi.stubEnv('NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', 'pk_live_x');
      vi.stubEnv('STRIPE_SECRET_KEY', 'sk_live_x');
      vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
      expect(paymentSetupProblem()).toMatch(/STRIPE_WEBHOOK_SECRET is not set.*\/api\/webhooks\/stripe.*docs\/payments\.md/s);
    });
  });
});
