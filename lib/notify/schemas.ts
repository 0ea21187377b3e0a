import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { objectIdSchema } from '@/lib/db/object-id';

/**
 * What diners and push services send about texts and push, checked the same in the forms and
 * the handlers (client-safe).
 */

/**
 * Where a number written without its country code is taken to be: the restaurant's country
 * (NEXT_PUBLIC_PHONE_REGION, two letters; inlined at build, so the forms read it too).
 */
export const PHONE_REGION = (process.env.NEXT_PUBLIC_PHONE_REGION?.trim().toUpperCase() || 'US') as CountryCode;

/** The number in E.164 (+15550102024), or null when it is not a number a text can reach. */
export function toE164(input: string, region: CountryCode = PHONE_REGION): string | null {
  const parsed = parsePhoneNumberFromString(input, region);
  return parsed?.isValid() ? parsed.number : null;
}

/** "+1 555 010 2024": a stored number as people read it. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

const NOT_A_NUMBER = 'Enter a mobile number, with its country code if it is abroad (such as +44 7911 123456).';

/** A mobile number as typed: checked and stored in E.164. */
export const phoneSchema = z
  .string({ error: 'phone must be text' })
  .trim()
  .min(1, 'Enter your mobile number')
  .max(32, NOT_A_NUMBER)
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: NOT_A_NUMBER });
      return z.NEVER;
    }
    return e164;
  });

/** At checkout: the number to text about this order, and the ticked box that is the diner's consent. */
export const textsChoiceSchema = z.strictObject(
  {
    phone: phoneSchema,
    consent: z.literal(true, { error: 'Tick the box to agree to texts, or leave the number out.' }),
  },
  { error: 'texts must be { phone, consent: true }' },
);
export type TextsChoice = z.infer<typeof textsChoiceSchema>;

/** GET /api/account/texts takes no parameters. */
export const textsQuerySchema = z.strictObject({}, { error: 'This takes no query parameters' });

/** PUT /api/account/texts: the number kept on the account (null removes it), and whether to be texted at it. */
export const accountTextsSchema = z
  .strictObject({
    phone: phoneSchema.nullable(),
    texts: z.boolean({ error: 'texts must be true or false' }),
  })
  .refine((input) => !input.texts || input.phone !== null, { path: ['phone'], message: 'Enter the number to text.' });
export type AccountTextsInput = z.infer<typeof accountTextsSchema>;

const base64url = (name: string, bytes: number) =>
  z
    .string({ error: `${name} must be text` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`)
    // Unpadded base64url writes n bytes in ceil(4n / 3) characters.
    .refine((value) => value.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), `${name} must be ${bytes} bytes`);

/** A browser's PushSubscription as its toJSON() gives it: the push service's https address and the keys to encrypt for. */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string({ error: 'endpoint must be text' })
      .max(2048, 'endpoint is too long')
      .url('endpoint must be a URL')
      .refine((url) => url.startsWith('https://'), 'endpoint must be an https:// address'),
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject({ p256dh: base64url('keys.p256dh', 65), auth: base64url('keys.auth', 16) }, { error: 'keys must be { p256dh, auth }' }),
  },
  { error: 'subscription must be a push subscription' },
);

/** POST /api/push/subscriptions: this device, told about one order of the caller's, or (staff) about every new order. */
export const pushRegistrationSchema = z
  .strictObject({
    subscription: pushSubscriptionSchema,
    orderId: objectIdSchema.optional(),
    staff: z.literal(true, { error: 'staff must be true' }).optional(),
  })
  .refine((input) => (input.orderId === undefined) !== (input.staff === undefined), 'Send { subscription, orderId } or, for staff, { subscription, staff: true }');
export type PushRegistration = z.infer<typeof pushRegistrationSchema>;

/** DELETE /api/push/subscriptions: the device's endpoint. */
export const pushRemovalSchema = z.strictObject({ endpoint: z.string({ error: 'endpoint must be text' }).max(2048, 'endpoint is too long').url('endpoint must be a URL') });

/** POST /api/orders/{id}/arrived: where the diner waits, if they say (a parking spot, the car). */
export const arrivalSchema = z.strictObject({
  note: z
    .string({ error: 'note must be text' })
    .refine((note) => !/\p{Cc}/u.test(note), 'note must be one line of text')
    .trim()
    .max(80, 'Keep it to 80 characters, such as "Spot 4, blue Golf".')
    .optional()
    .transform((note) => note || undefined),
});
export type ArrivalInput = z.infer<typeof arrivalSchema>;
