import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, pickupAtEarliestTime, signIn, siteNav } from './support';
import type { MenuItem } from '../lib/menu/types';
import { startFakeStripe, type FakeStripe } from '../tests/payments/fake-stripe';

/** A signed-in new diner with two dishes in the cart; answers the cart total in dollars. */
async function shopperWithCart(page: Page, prefix: string): Promise<string> {
  await signIn(page, await createAccount(prefix));
  const [a, b] = (await (await page.request.get('/api/menu?category=soup')).json()) as MenuItem[];
  for (const item of [a!, b!]) {
    const res = await page.request.post('/api/carts', { data: { menuId: item._id }, headers: { origin: new URL(page.url()).origin } });
    expect(res.status()).toBe(201);
  }
  return `$${((Math.round(a!.price * 100) + Math.round(b!.price * 100)) / 100).toFixed(2)}`;
}

async function fillCard(page: Page, card: { number: string; expiry?: string; cvc?: string }) {
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry (MM/YY)').fill(card.expiry ?? '12/39');
  await page.getByLabel('CVC').fill(card.cvc ?? '123');
}

test.describe('paying with the demo card', () => {
  test('4242… pays: the order number and transaction id show, Thanks For Shopping, then the history lists it as received', { tag: '@diner' }, async ({ page }) => {
    const stripeRequests: string[] = [];
    const paymentPosts: string[] = [];
    page.on('request', (req) => {
      if (/stripe\.com/.test(req.url())) stripeRequests.push(req.url());
      if (req.method() === 'POST' && new URL(req.url()).pathname.startsWith('/api/payments')) paymentPosts.push(new URL(req.url()).pathname);
    });
    const total = await shopperWithCart(page, 'payer');
    await page.goto('/dashboard/cart');
    await page.getByRole('link', { name: 'Pay', exact: true }).click();

    await expect(page.getByText('Demo card — no real charge')).toBeVisible();
    await pickupAtEarliestTime(page);
    const pay = page.getByRole('button', { name: `Pay ${total}` });
    await expect(pay).toBeEnabled();
    await fillCard(page, { number: '4242 4242 4242 4242' });
    await pay.click();

    // A CSS locator: sweetalert2 marks the page aria-hidden while 'Thanks For Shopping' shows.
    await expect(page.locator('[role="status"]').filter({ hasText: 'Payment succeeded' })).toContainText(/^Payment succeeded\. Order #\d{4,}, Pickup \d\d:\d\d: /);
    await expect(page.getByText(/^Transaction id: demo_pi_[0-9a-f]{24}$/)).toBeVisible();
    await expect(page.getByText('Thanks For Shopping')).toBeVisible();
    // The confirmation recorded the order and answered it: the page saves nothing after it.
    expect(paymentPosts).toEqual(['/api/payments/demo-confirm']);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Payment history', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/paymentHistory$/);
    await expect(page.getByText('Total payments: 1')).toBeVisible();
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText(total);
    await expect(row).toContainText(/#\d{4,}/);
    await expect(row).toContainText(/Pickup \d\d:\d\d/);
    await expect(row).toContainText('Order received');
    // Demo mode never loads Stripe.js: no request, and no script tag (a CSP-blocked one would not show as a request).
    expect(stripeRequests).toEqual([]);
    await expect(page.locator('script[src*="stripe"]')).toHaveCount(0);

    await page.goto('/menu');
    await expect((await siteNav(page)).getByTestId('cart-badge').locator('visible=true')).toHaveText('+0');
  });

  test('4000…0002 is declined: the message shows in red and nothing is recorded', async ({ page }) => {
    const total = await shopperWithCart(page, 'declined');
    await page.goto('/dashboard/payment');
    await pickupAtEarliestTime(page);
    await fillCard(page, { number: '4000 0000 0000 0002' });
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveClass(/text-red-600/);
    await expect(page).toHaveURL(/\/dashboard\/payment$/);

    await page.goto('/dashboard/paymentHistory');
    await expect(page.getByText('You have not paid for an order yet.')).toBeVisible();
    await page.goto('/dashboard/cart');
    await expect(page.getByText('Total orders: 2')).toBeVisible();
  });

  test('mistyped card details give field errors before anything is sent', async ({ page }) => {
    await shopperWithCart(page, 'typo');
    await page.goto('/dashboard/payment');
    await fillCard(page, { number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12' });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByLabel('Card number')).toHaveAccessibleDescription('Your card number is invalid.');
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveAccessibleDescription("Your card's expiration date is in the past.");
    await expect(page.getByLabel('CVC')).toHaveAccessibleDescription("Your card's security code is incomplete.");
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  });

  test('with an empty cart there is nothing to pay', async ({ page }) => {
    await signIn(page, await createAccount('nothing'));
    await page.goto('/dashboard/payment');
    await expect(page.getByText('Your cart is empty, so there is nothing to pay yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  });
});

/**
 * Stripe mode needs a build made with NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY set, and a server with
 * STRIPE_SECRET_KEY=sk_test_fake and STRIPE_API_BASE pointing at the fake API this test starts,
 * so it runs only when those are set (the default build is the demo mode). Offline, Stripe.js is
 * replaced by a stand-in preset as window.Stripe, which the real loadStripe() then uses.
 */
test.describe('paying with Stripe (a Stripe-mode build)', () => {
  const apiBase = process.env.STRIPE_API_BASE;
  test.skip(!process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY || !apiBase, 'a demo-mode build');

  let fake: FakeStripe;
  test.beforeAll(async () => {
    fake = await startFakeStripe(Number(new URL(apiBase!).port));
  });
  test.afterAll(() => fake.close());
  let intentsBefore = 0;
  test.beforeEach(() => {
    intentsBefore = fake.intents.size;
  });
  const cents = (dollars: string) => Math.round(Number(dollars.replace('$', '')) * 100);

  /**
   * A stand-in for Stripe.js, driven by the real @stripe/react-stripe-js components. Its Payment
   * Element is one input ("Card number"; confirming 4000 0000 0000 0002 is declined), and its
   * Express Checkout Element offers "Google Pay", whose button opens the wallet (when the page
   * resolves the click) and confirms at once. It keeps the amount Elements was last given, which
   * is what a wallet's sheet would show.
   */
  async function presetStripeJs(page: Page) {
    // What Stripe does when Stripe.js confirms a payment: the intent at the (fake) API succeeds.
    // Intents are opened for manual capture: the payment is authorized, and the server captures it.
    await page.exposeFunction('stripeConfirmed', (id: string) => fake.confirm(id).status);
    await page.addInitScript(() => {
      type Listener = (event: unknown) => void;
      const w = window as unknown as { Stripe: unknown; stripeConfirmed(id: string): Promise<string>; stripeStandIn: { amount: number; wallet: string | null } };
      w.stripeStandIn = { amount: 0, wallet: null };
      let card: HTMLInputElement | null = null;
      const element = (type: string) => {
        const listeners: Record<string, Listener[]> = {};
        const emit = (event: string, payload: unknown) => (listeners[event] ?? []).forEach((cb) => cb(payload));
        let node: HTMLElement | null = null;
        return {
          mount(into: HTMLElement) {
            node = into;
            if (type === 'payment') {
              card = document.createElement('input');
              card.setAttribute('aria-label', 'Card number');
              card.style.fontSize = '16px';
              card.addEventListener('input', () => emit('change', { elementType: 'payment', complete: card!.value.replace(/\s/g, '').length === 16 }));
              into.appendChild(card);
              // Stripe.js reports ready once its frame has loaded, after mount has returned.
              setTimeout(() => emit('ready', this));
            } else {
              const button = document.createElement('button');
              button.type = 'button';
              button.textContent = 'Google Pay';
              button.addEventListener('click', () => {
                let opened = false;
                emit('click', { elementType: 'expressCheckout', expressPaymentType: 'google_pay', resolve: () => (opened = true) });
                if (!opened) return;
                w.stripeStandIn.wallet = 'google_pay';
                emit('confirm', { elementType: 'expressCheckout', expressPaymentType: 'google_pay', paymentFailed: () => (w.stripeStandIn.wallet = 'failed') });
              });
              into.appendChild(button);
              setTimeout(() => emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: { googlePay: true, applePay: false, link: false } }));
            }
          },
          on(event: string, cb: Listener) {
            (listeners[event] ??= []).push(cb);
          },
          off(event: string, cb: Listener) {
            listeners[event] = (listeners[event] ?? []).filter((other) => other !== cb);
          },
          update() {},
          destroy() {
            node?.replaceChildren();
          },
        };
      };
      const unused = () => {
        throw new Error('the payment page confirms through the Payment Element only');
      };
      w.Stripe = () => ({
        // What @stripe/react-stripe-js checks before it takes an object as Stripe.js.
        createToken: unused,
        createPaymentMethod: unused,
        confirmCardPayment: unused,
        elements(options: { amount: number }) {
          w.stripeStandIn.amount = options.amount;
          const created: Record<string, ReturnType<typeof element>> = {};
          return {
            create: (type: string) => (created[type] = element(type)),
            getElement: (type: string) => created[type] ?? null,
            update(changes: { amount?: number }) {
              if (changes.amount !== undefined) w.stripeStandIn.amount = changes.amount;
            },
            async submit() {
              if (w.stripeStandIn.wallet) return {};
              const digits = card?.value.replace(/\s/g, '') ?? '';
              if (!/^\d*$/.test(digits)) return { error: { type: 'validation_error', message: 'Your card number is invalid.' } };
              if (digits.length !== 16) return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
              return {};
            },
          };
        },
        async confirmPayment({ clientSecret }: { clientSecret: string }) {
          const id = clientSecret.split('_secret_')[0]!;
          if (!w.stripeStandIn.wallet && card!.value.replace(/\s/g, '') === '4000000000000002') {
            return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
          }
          return { paymentIntent: { id, status: await w.stripeConfirmed(id) } };
        },
        _registerWrapper() {},
        registerAppInfo() {},
      });
    });
  }

  const amountOnWallets = (page: Page) => page.evaluate(() => (window as unknown as { stripeStandIn: { amount: number } }).stripeStandIn.amount);

  test('the Payment Element: a declined card shows Stripe’s message in red; a good one pays and is recorded from Stripe’s own record', async ({ page }) => {
    const total = await shopperWithCart(page, 'stripe');
    await presetStripeJs(page);
    await page.goto('/dashboard/payment');
    await expect(page.getByText('Demo card — no real charge')).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Payment details' })).toBeVisible();
    await pickupAtEarliestTime(page);
    const pay = page.getByRole('button', { name: `Pay ${total}` });
    await expect(pay).toBeEnabled();

    await page.getByLabel('Card number').fill('4242 abcd');
    await pay.click();
    const cardError = page.locator('form').getByRole('alert');
    await expect(cardError).toHaveText('Your card number is invalid.');
    expect(fake.intents.size, 'no intent is opened for details Stripe refused').toBe(intentsBefore);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await pay.click();
    await expect(cardError).toHaveText('Your card was declined.');
    await expect(cardError).toHaveClass(/text-red-600/);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await expect(page.locator('[role="status"]').filter({ hasText: 'Payment succeeded' })).toContainText(/Order #\d{4,}/);
    const id = (await page.getByText(/^Transaction id: pi_/).textContent())!.replace('Transaction id: ', '');
    expect(fake.intents.get(id)).toMatchObject({ status: 'succeeded', capture_method: 'manual', payment_method_types: ['card', 'link'], amount: cents(total) });
    await page.goto('/dashboard/paymentHistory');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(/#\d{4,}.*Order received/);
  });

  test('the Express Checkout Element above it: Google Pay shows the total, pays it, and the order is recorded', async ({ page }) => {
    const total = await shopperWithCart(page, 'wallet');
    await presetStripeJs(page);
    await page.goto('/dashboard/payment');
    const googlePay = page.getByRole('button', { name: 'Google Pay' });
    await expect(googlePay).toBeVisible();
    // Above the card: what a phone's diner meets first.
    const walletBox = (await googlePay.boundingBox())!;
    const cardBox = (await page.getByLabel('Card number').boundingBox())!;
    expect(walletBox.y).toBeLessThan(cardBox.y);
    await pickupAtEarliestTime(page);
    await page.locator('label').filter({ hasText: /^15%/ }).click();
    const withTip = page.getByRole('button', { name: /^Pay \$/ });
    const totalWithTip = (await withTip.textContent())!.replace('Pay ', '');
    expect(totalWithTip).not.toBe(total);
    await expect.poll(() => amountOnWallets(page)).toBe(cents(totalWithTip));

    await googlePay.click();
    await expect(page.locator('[role="status"]').filter({ hasText: 'Payment succeeded' })).toContainText(totalWithTip);
    const id = (await page.getByText(/^Transaction id: pi_/).textContent())!.replace('Transaction id: ', '');
    expect(fake.intents.get(id)).toMatchObject({ status: 'succeeded', capture_method: 'manual', amount: cents(totalWithTip) });
  });
});
