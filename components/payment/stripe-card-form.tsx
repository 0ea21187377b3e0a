'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementOptions } from '@stripe/stripe-js';
import { stripePublishableKey } from '@/lib/payments/mode';
import { ApiError } from '@/lib/client/api';
import { CARD_FORM_ID, CardError, CheckoutChanged, type CardFormProps } from './card-form-parts';
import { PayBar } from './pay-bar';

/**
 * The Stripe card form. It is imported only in Stripe mode (see checkout.tsx), so a demo
 * deployment never downloads Stripe.js. The card goes from the browser to Stripe; our server
 * learns the outcome from Stripe itself (retrieving the intent, and the webhook).
 */

const CARD_OPTIONS: StripeCardElementOptions = {
  style: {
    base: { fontSize: '16px', color: '#424770', '::placeholder': { color: '#aab7c4' } },
    invalid: { color: '#9e2146' },
  },
};

const LOAD_FAILED = 'The card form could not load. Check your connection and reload the page.';

export default function StripeCardForm(props: CardFormProps) {
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

  return (
    <Elements stripe={stripe}>
      <StripeForm {...props} loadError={loadError} />
    </Elements>
  );
}

function StripeForm({ totalCents, waitingFor: choicesWaiting, prepare, onSucceeded, onRefused, loadError }: CardFormProps & { loadError: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError('');
    try {
      const { error: methodError, paymentMethod } = await stripe.createPaymentMethod({ type: 'card', card });
      if (methodError) {
        setError(methodError.message ?? 'Your card was not accepted.');
        return;
      }
      const intent = await prepare();
      const { error: confirmError, paymentIntent } = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: paymentMethod.id,
      });
      if (confirmError) {
        setError(confirmError.message ?? 'The payment could not be confirmed.');
        return;
      }
      // Authorized ('requires_capture'): our server captures it once the pickup slot is held.
      if (paymentIntent.status === 'requires_capture' || paymentIntent.status === 'succeeded') await onSucceeded(paymentIntent.id, intent);
      else setError('Your bank has not confirmed the payment yet. It will appear in your history once it clears.');
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        if (err.status === 409) onRefused();
      } else if (err instanceof CheckoutChanged) {
        setError(err.message);
      } else {
        // Stripe.js answers card problems as values; a throw is the network or the script failing.
        setError('The card service could not be reached. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  }

  const waitingFor = loadError ? 'The card form is unavailable.' : !stripe || !elements ? 'Loading the card form…' : choicesWaiting;

  return (
    <form id={CARD_FORM_ID} onSubmit={onSubmit} noValidate>
      <fieldset>
        <legend className="mb-4 font-semibold">Card details</legend>
        <div className="rounded border border-gray-300 px-4 py-3">
          <CardElement options={CARD_OPTIONS} onChange={(event) => setError(event.error?.message ?? '')} />
        </div>
      </fieldset>
      <PayBar totalCents={totalCents} waitingFor={waitingFor} busy={busy} form={CARD_FORM_ID} />
      <CardError message={loadError || error} />
    </form>
  );
}
