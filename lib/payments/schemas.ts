import { z } from 'zod';
import { promoCodeSchema } from '@/lib/promos/schemas';
import { textsChoiceSchema } from '@/lib/notify/schemas';
import { isGuestAddress } from '@/lib/users/guest-address';
import { fulfilmentChoiceSchema } from '@/lib/fulfilment/schemas';
import { pageParams } from '@/lib/pagination/schemas';
import type { RestaurantClock } from '@/lib/reservations/calendar';
import { MAX_CART_LINES, MAX_CHARGE_CENTS, MAX_QUANTITY } from '@/lib/menu/pricing';
import { isWholeCents, type TipChoice } from './tips';

/** The last line index an order can have. */
const MAX_CART_LINE_INDEX = MAX_CART_LINES - 1;

/**
 * Payment payloads, shared by the card form (react-hook-form) and the route handlers, so the
 * browser and the server refuse the same input with the same words. The card messages follow
 * Stripe's, so both providers read alike.
 */

/** A provider's intent id: Stripe's `pi_…` or the demo provider's `demo_pi_…`. */
export const transactionIdSchema = z
  .string({ error: 'transactionId is required' })
  .regex(/^[A-Za-z0-9_]{3,255}$/, 'transactionId is malformed');

/**
 * POST /api/payments keeps the payload API clients send. Only the transaction id, the price and the
 * email are read: the server knows the rest from the intent, so `data`, `cartIds`,
 * `menuItemIds` and `status` are dropped rather than trusted.
 */
export const paymentBodySchema = z.object({
  transactionId: transactionIdSchema,
  price: z.number({ error: 'price must be a number' }).nonnegative('price must not be negative').finite(),
  email: z.string().trim().optional(),
});
export type PaymentBody = z.infer<typeof paymentBodySchema>;

/** Card numbers may be typed with spaces or dashes between the groups. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries: it catches a mistyped digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** A card is good through the last day of its expiry month. */
function expiryIsPast(expiry: string, now: Date): boolean {
  const [, month, year] = EXPIRY.exec(expiry) ?? [];
  const expires = new Date(2000 + Number(year), Number(month), 1); // first day after the expiry month
  return expires <= now;
}

/** The demo card form. Nothing here is stored: the server reads it once to charge the demo card. */
export const demoCardSchema = z.object({
  number: z.string().superRefine((value, ctx) => {
    const digits = cardDigits(value);
    if (!/^\d*$/.test(digits)) ctx.addIssue({ code: 'custom', message: 'Your card number is invalid.' });
    else if (digits.length < 13) ctx.addIssue({ code: 'custom', message: 'Your card number is incomplete.' });
    else if (digits.length > 19 || !passesLuhn(digits)) ctx.addIssue({ code: 'custom', message: 'Your card number is invalid.' });
  }),
  expiry: z
    .string()
    .trim()
    .regex(EXPIRY, "Your card's expiration date is incomplete. Use MM/YY.")
    .refine((value) => !expiryIsPast(value, new Date()), "Your card's expiration date is in the past."),
  cvc: z.string().trim().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type DemoCard = z.infer<typeof demoCardSchema>;

/** POST /api/payments/demo-confirm: the card and the intent it pays. */
export const demoConfirmSchema = demoCardSchema.extend({ transactionId: transactionIdSchema });
export type DemoConfirmInput = z.infer<typeof demoConfirmSchema>;

/*
 * What the payment page sends besides the card: how the diner gets the food and the tip. Amounts
 * in cents are never read from the client: the server prices the cart and the tip.
 */

/** A tip percentage, or a custom amount in dollars (whole cents); never both. */
export const tipSchema: z.ZodType<TipChoice> = z
  .strictObject(
    {
      percent: z.number({ error: 'tip.percent must be a number' }).int('tip.percent must be a whole number').min(0, 'tip.percent must not be negative').max(100, 'tip.percent must be at most 100').optional(),
      custom: z
        .number({ error: 'The tip must be a number' })
        .finite('The tip must be a number')
        .nonnegative('The tip cannot be negative')
        .refine(isWholeCents, 'The tip must be in whole cents')
        .optional(),
    },
    { error: 'tip must be { percent } or { custom }' },
  )
  .refine((tip) => (tip.percent === undefined) !== (tip.custom === undefined), 'Choose a tip percentage or a custom amount')
  .transform((tip): TipChoice => (tip.custom !== undefined ? { custom: tip.custom } : { percent: tip.percent! }));

/**
 * What a guest gives at payment, checked the same on the payment page and by the server: an email
 * for the receipt (their account has none) and a name for the ticket. Client-safe.
 */
export const guestContactSchema = z.object({
  email: z
    .string({ error: 'Your email is required' })
    .trim()
    .min(1, 'Your email is required')
    .max(254, 'Your email must be 254 characters or fewer')
    .email('Enter a valid email address')
    .refine((email) => !isGuestAddress(email), 'Enter a valid email address')
    .transform((email) => email.toLowerCase()),
  name: z
    .string({ error: 'Your name is required' })
    .refine((name) => !/\p{Cc}/u.test(name), 'Your name must be one line of text')
    .trim()
    .min(1, 'Your name is required')
    .max(80, 'Your name must be 80 characters or fewer'),
});
export type GuestContact = z.infer<typeof guestContactSchema>;

/**
 * POST /api/create-payment-intent. `price` is the client's idea of the total, validated and then
 * ignored; so is any other field (an amount, a tip in cents). No `tip` is no tip. Whether the tip
 * is one the restaurant offers is checked against its settings (lib/payments/tips.ts).
 */
export function intentBodySchema(clock: RestaurantClock) {
  return z.object({
    price: z.number({ error: 'price must be a number' }).nonnegative('price must not be negative').finite().optional(),
    fulfilment: fulfilmentChoiceSchema(clock),
    tip: tipSchema.optional(),
    /** A guest's email and name; nobody else gives them. */
    guest: guestContactSchema.optional(),
    /** A promo code as the diner typed it: the server prices it. */
    promo: promoCodeSchema.optional(),
    /** The number to text about the order, with the diner's consent (lib/notify/consent.ts). */
    texts: textsChoiceSchema.optional(),
  });
}
export type IntentInput = z.infer<ReturnType<typeof intentBodySchema>>;

const refundReasonSchema = z
  .string({ error: 'reason must be text' })
  .refine((reason) => !/\p{Cc}/u.test(reason), 'reason must be one line of text')
  .trim()
  .min(1, 'reason is required: say why the money goes back')
  .max(200, 'reason must be 200 characters or fewer');

const refundLineSchema = z.strictObject({
  index: z.number({ error: 'index must be a number' }).int('index must be a whole number').min(0, 'index must be at least 0').max(MAX_CART_LINE_INDEX, 'This order has no such line.'),
  quantity: z.number({ error: 'quantity must be a number' }).int('quantity must be a whole number').min(1, 'quantity must be at least 1').max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`),
});

/** What a refund gives back: an amount in whole cents, or lines (by their index in the order, with a quantity of each). */
const refundWhat = {
  amountCents: z
    .number({ error: 'amountCents must be a number of cents' })
    .int('amountCents must be whole cents')
    .min(1, 'amountCents must be at least 1')
    .max(MAX_CHARGE_CENTS, 'amountCents is more than any order')
    .optional(),
  lines: z.array(refundLineSchema, { error: 'lines must be a list of { index, quantity }' }).min(1, 'lines must name at least one line').max(MAX_CART_LINE_INDEX + 1).optional(),
};
const oneOfTheTwo = [(body: { amountCents?: number; lines?: unknown[] }) => (body.amountCents === undefined) !== (body.lines === undefined), 'Send amountCents or lines, one of the two'] as const;

/** POST /api/orders/{id}/refunds: an amount or lines, never both, and a reason. */
export const refundSchema = z.strictObject({ ...refundWhat, reason: refundReasonSchema }).refine(...oneOfTheTwo);
/** POST /api/orders/{id}/refunds/quote: what a refund of an amount or of lines would give back, asked before it is made. */
export const refundQuoteSchema = z.strictObject(refundWhat).refine(...oneOfTheTwo);
export type RefundQuoteInput = z.infer<typeof refundQuoteSchema>;
export type RefundInput = z.infer<typeof refundSchema>;

/** GET /api/payments/{email}: a page of the diner's payments, newest first. */
export const paymentsQuerySchema = z.strictObject({ ...pageParams });
