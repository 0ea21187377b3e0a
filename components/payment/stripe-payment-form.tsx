'use client';

import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Elements, ExpressCheckoutElement, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import {
  loadStripe,
  type Stripe,
  type StripeElementsOptions,
  type StripeExpressCheckoutElementClickEvent,
  type StripeExpressCheckoutElementConfirmEvent,
} from '@stripe/stripe-js';
import { CURRENCY, STRIPE_PAYMENT_METHODS, stripePublishableKey } from '@/lib/payments/mode';
import { ApiError } from '@/lib/client/api';
import { CARD_FORM_ID, CardError, CheckoutChanged, type CardFormProps } from './card-form-parts';
import { PayBar } from './pay-bar';

/**
 * The Stripe payment form: the Express Checkout Element (Apple Pay, Google Pay and Link, where
 * the browser offers them) above the Payment Element (a card, or Link). It is imported only in
 * Stripe mode (see checkout.tsx), so a demo deployment never downloads Stripe.js. The details go
 * from the browser to Stripe, and the intent is opened only once they are complete (Stripe's
 * deferred intent): Pay, or a wallet's sheet, asks our server to price the order and open it for
 * manual capture, then confirms it, which only authorizes the amount. Our server learns the outcome
 * from Stripe itself (retrieving the intent, and the webhook), holds the pickup slot and captures.
 */

const LOAD_FAILED = 'The payment form could not load. Check your connection and reload the page.';
const UNREACHABLE = 'The payment service could not be reached. Please try again.';

export default function StripePaymentForm(props: CardFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState('');

  // <Elements> leaves a rejected loadStripe() unhandled (offline, blocked script), so it is awaited here.
  useEffect(() => {
    let current = true;
    loadStripe(stripePublishableKey() ?? '').then(
      (loaded) => {
        if (!current) return;
        if (loaded) setStripe(loaded);
        else setLoadError(LOAD_FAILED);
      },
      () => current && setLoadError(LOAD_FAILED),
    );
    return () => {
      current = false;
    };
  }, []);

  // The amount the wallets show and the methods offered must be those the server opens the intent with.
  const options = useMemo<StripeElementsOptions>(
    () => ({
      mode: 'payment',
      amount: props.totalCents,
      currency: CURRENCY,
      captureMethod: 'manual',
      allowedPaymentMethodTypes: [...STRIPE_PAYMENT_METHODS],
      appearance: { variables: { fontSizeBase: '16px', colorPrimary: '#1f2937' } },
    }),
    [props.totalCents],
  );

  return (
    <Elements stripe={stripe} options={options}>
      <PaymentForm {...props} loadError={loadError} />
    </Elements>
  );
}

function PaymentForm({ totalCents, waitingFor: choicesWaiting, prepare, onSucceeded, onRefused, loadError }: CardFormProps & { loadError: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [wallets, setWallets] = useState(false);

  /**
   * Once the element has collected the details (`elements.submit()`): opens the intent and confirms
   * it with them. Answers what to tell the diner, or null when the order went through.
   */
  async function confirm(): Promise<string | null> {
    if (!stripe || !elements) return 'The payment form is still loading.';
    try {
      const intent = await prepare();
      const { error: confirmError, paymentIntent } = await stripe.confirmPayment({
        elements,
        clientSecret: intent.clientSecret,
        redirect: 'if_required',
        // Only a payment method that must leave the page comes back here; the webhook records it meanwhile.
        confirmParams: { return_url: new URL('/dashboard/paymentHistory', window.location.href).href },
      });
      if (confirmError) return confirmError.message ?? 'The payment could not be confirmed.';
      // Authorized ('requires_capture'): our server captures it once the pickup slot is held.
      if (paymentIntent.status !== 'requires_capture' && paymentIntent.status !== 'succeeded') {
        return 'Your bank has not confirmed the payment yet. It will appear in your history once it clears.';
      }
      await onSucceeded(paymentIntent.id, intent);
      return null;
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status === 409) onRefused();
        return err.message;
      }
      if (err instanceof CheckoutChanged) return err.message;
      // Stripe.js answers payment problems as values; a throw is the network or the script failing.
      return UNREACHABLE;
    }
  }

  /** Collects the details (and validates them) in the element, then confirms; the error line says what went wrong. */
  async function pay(): Promise<boolean> {
    if (!elements) return false;
    setBusy(true);
    setError('');
    try {
      const { error: submitError } = await elements.submit();
      const problem = submitError ? (submitError.message ?? 'Check your payment details.') : await confirm();
      setError(problem ?? '');
      return problem === null;
    } catch {
      setError(UNREACHABLE);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await pay();
  }

  /** A wallet button opens its sheet only once the page's choices are complete. */
  function onWalletClick(event: StripeExpressCheckoutElementClickEvent) {
    if (waitingFor) {
      setError(waitingFor);
      return;
    }
    event.resolve();
  }

  async function onWalletConfirm(event: StripeExpressCheckoutElementConfirmEvent) {
    if (!(await pay())) event.paymentFailed({ reason: 'fail' });
  }

  const waitingFor = loadError ? 'The payment form is unavailable.' : !stripe || !elements ? 'Loading the payment form…' : choicesWaiting;

  return (
    <form id={CARD_FORM_ID} onSubmit={onSubmit} noValidate>
      {/* Shown once Stripe says this browser offers a wallet; until then (and without one) it takes no room. */}
      <div hidden={!wallets} className="mb-6">
        <ExpressCheckoutElement
          options={{ buttonType: { applePay: 'buy', googlePay: 'buy' } }}
          onReady={(event) => setWallets(Boolean(event.availablePaymentMethods))}
          onClick={onWalletClick}
          onConfirm={(event) => void onWalletConfirm(event)}
        />
        <p className="mt-4 text-center text-sm text-gray-600">or pay another way</p>
      </div>
      <fieldset>
        <legend className="mb-4 font-semibold">Payment details</legend>
        <PaymentElement options={{ layout: 'tabs' }} onChange={() => setError('')} />
      </fieldset>
      <PayBar totalCents={totalCents} waitingFor={waitingFor} busy={busy} form={CARD_FORM_ID} />
      <CardError message={loadError || error} />
    </form>
  );
}
