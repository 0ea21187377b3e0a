/**
 * The documents each collection holds, in one place. Client code never imports this file: each
 * domain's browser-safe shapes live in its own types.ts.
 */
import type { ObjectId } from 'mongodb';
import type { MenuCategory, MenuItem, MenuSchedule, SelectedOption } from '../menu/types.ts';
import type { OrderLine, OrderStatus } from '../orders/types.ts';
import type { BookingStatus } from '../reservations/types.ts';
import type { Fulfilment } from '../fulfilment/types.ts';
import type { GrantedRole } from '../auth/roles.ts';
import type { PromoTerms } from '../promos/types.ts';
import type { MailKind, OutboxState } from '../mail/types.ts';
import type { RestaurantSettings } from '../settings/types.ts';
import type { OrderTax, TaxTotal } from '../tax/tax.ts';
import type { CoverState, JobState, PaperState, PaperWidth, PrinterProtocol, Station, TicketContent, TicketKind } from '../printing/types.ts';
import type { Channel } from '../notify/types.ts';

/** A menu item in the `menu` collection: the browser's shape with an ObjectId. Prices are plain numbers in dollars. */
export interface MenuItemDoc extends Omit<MenuItem, '_id'> {
  _id?: ObjectId;
  /** Seed dishes have none. */
  createdAt?: Date;
}

export interface ReviewDoc {
  _id?: ObjectId;
  name: string;
  details: string;
  rating: number;
  /**
   * The author's uid; seed reviews have none. One review per owner (a sparse unique index). The
   * id is the review's own and says nothing about its author.
   */
  ownerUid?: string;
  email?: string;
  createdAt?: Date;
  updatedAt?: Date;
  /** Taken off the site by an admin, and who did it; shown again, it loses this. Its author still sees it. */
  hidden?: { at: Date; by: Actor };
}

export interface UserDoc {
  _id?: ObjectId;
  /**
   * The Firebase uid the record belongs to, unique. A record stored by email before records were
   * keyed by uid, whose address Firebase did not know when it was migrated, has `unclaimed:<its
   * id>`, which no Firebase account has: nobody signs in as it, and a later sign-up with its
   * address retires it (lib/users/sign-in.ts) and inherits nothing.
   */
  uid: string;
  name: string;
  email: string;
  /** As Firebase last said at sign-in: ADMIN_EMAILS grants admin to verified emails only. */
  emailVerified?: boolean;
  role?: GrantedRole;
  createdAt?: Date;
  /** Session tokens carry the version they were made under; raising it ends them all. Absent is 0. */
  sessionVersion?: number;
  /** Sessions ended one by one (logout), kept until they would have expired anyway. */
  revokedSessions?: { id: string; expiresAt: Date }[];
  /** False once the diner turned off "your order is ready" emails; absent is on. */
  readyEmails?: boolean;
  /** The diner's number (E.164) and whether they agreed to texts about their orders at it, kept from checkout or their account. */
  textPreferences?: { phone: string; consent: TextConsentDoc | null };
  /**
   * A guest's record (a Firebase anonymous account, whose `email` is a stand-in) has this, and
   * nobody else's: when it is removed unless the guest orders before (lib/users/guests.ts).
   * Signing up drops it.
   */
  guestUntil?: Date;
}

/**
 * Documents that belong to a person carry their uid and are read by it, so an email address
 * signed up again by somebody else inherits nothing. `email` is what it was when written.
 */
interface Owned {
  ownerUid: string;
  email: string;
}

/** One line of a cart: a dish with its choices, note and quantity, and what it was priced at when added. */
export interface CartItemDoc extends Owned {
  _id?: ObjectId;
  menuId: string;
  name: string;
  image: string;
  /** The price of one, with its choices, in dollars, as priced when the line was added. */
  price: number;
  createdAt?: Date;
  quantity: number;
  options: SelectedOption[];
  note?: string;
  /** `price` in cents. */
  unitCents: number;
  /** A fingerprint of the dish as it was priced (price, options, allergens, tags): when it differs from today's, the line is stale. */
  itemKey: string;
  /**
   * The owner's uid and a fingerprint of the line (dish as priced, choices, note), in ONE field
   * under a sparse unique index: adding an identical line finds this one and adds to it
   * atomically. Lines from before have none and are left out of the index.
   */
  lineKey?: string;
  /** Payments that took part of this line's quantity (a line raised after checkout began), so that is done once. */
  paidBy?: string[];
}

/**
 * A paid order in `payments` (unpaid checkouts are `checkout_intents`): the specification's Payment
 * with what this site adds (the lines, the money in cents, how the food is got, the number, the
 * status history). Written once by the completion that claimed its intent (lib/orders/place.ts);
 * after that only its status moves (lib/orders/orders.ts).
 */
/** What a checkout charges and for what, priced on the server: an intent while the diner pays, then the order it becomes. */
interface PricedCheckout extends Owned {
  _id?: ObjectId;
  /** The diner's name at checkout, for the receipt and the kitchen. */
  name?: string;
  /** What is charged, in dollars: `subtotalCents` less a promo code's discount, `+ tipCents`, plus the tax when added on top. */
  price: number;
  /** The provider's intent: one checkout and one order per intent (unique indexes). */
  transactionId: string;
  /** The cart lines it pays for; `lines[i]` is what `cartIds[i]` held at checkout. */
  cartIds: string[];
  /** Each dish once per unit bought, for API clients that read orders as a list of dishes. */
  menuItemIds: string[];
  lines: OrderLine[];
  /** The food, priced on the server, in cents. */
  subtotalCents: number;
  /** The tip in cents, computed on the server from the subtotal and the diner's choice. */
  tipCents: number;
  /** The percentage the tip was chosen as, when it was not a custom amount. */
  tipPercent?: number;
  /** Each tax rate's base and tax, from the settings when the intent was opened; absent when the restaurant had no rate. */
  tax?: OrderTax;
  /** The promo code it uses and what it takes off the food, as priced when the intent was opened: a later change to the code never rewrites it. */
  promo?: AppliedPromoDoc;
}

export interface PaymentDoc extends PricedCheckout {
  /**
   * The order number: unique (a sparse unique index) and increasing. Payments from before orders
   * were numbered have none.
   */
  number?: number;
  /** The payment date; the field name is literally `data`, as API clients know it. */
  data: Date;
  /**
   * How the diner gets the food: the pickup slot actually held ("as soon as possible" resolved to
   * its slot), or the table. Absent on payments from before it was asked.
   */
  fulfilment?: Fulfilment;
  status: OrderStatus;
  /** Every status change with its time and who made it (none for `pending` at payment), from `pending` at payment (lib/orders). */
  statusHistory: { status: OrderStatus; at: Date; by?: Actor }[];
  /**
   * Set by every write that changes an order (its payment, each status change): how a server
   * without change streams finds what changed, and how a client that reconnects catches up.
   */
  updatedAt: Date;
  /** Money given back, oldest first: the cancellation and refund emails show it. Only ever appended to. */
  refunds?: RefundDoc[];
  /**
   * The cents of the refunds done or under way (not failed ones): what the one conditional write
   * of a new refund checks, so the refunds never add up to more than `price`. Absent is 0.
   */
  refundedCents?: number;
  /** The diner said "I'm here" (a pickup order), with where they wait; the kitchen display shows it. */
  arrived?: { at: Date; note?: string };
  /** The diner was told the order runs late, once, with the new time; by a person, or by the clock (no `by`). */
  late?: { at: Date; readyBy: Date; by?: Actor };
}

/**
 * A promo code as a checkout used it: the code (by id, and as written then), its discount in
 * cents, and the dishes of the order it took it off, so a refund of a line gives back what the
 * line cost after its share of the discount.
 */
export interface AppliedPromoDoc {
  id: string;
  code: string;
  discountCents: number;
  menuIds: string[];
}

/** Who changed an order: a person of the restaurant, or Stripe (a refund made in its dashboard). */
export interface Actor {
  uid?: string;
  name: string;
  email?: string;
}

/** One refund of an order, in cents. */
export interface RefundDoc {
  id: string;
  cents: number;
  reason?: string;
  at: Date;
  /**
   * 'pending' while the provider is asked, 'done' once it refunded (or voided the authorization),
   * 'failed' when it refused or could not be reached (nothing was given back; it may be retried).
   * Absent on refunds recorded before refunds had a status: done.
   */
  status?: 'pending' | 'done' | 'failed';
  by?: Actor;
  /** The lines it gave back, by index into the order's lines, when it was a refund of lines. */
  lines?: { index: number; quantity: number }[];
  /** The provider's refund id, once done. */
  providerId?: string;
  /** Why the provider failed, when it did. */
  error?: string;
  /** How many tries the provider answered (a try that got no answer is not counted: taken over, it is sent again as the same try). */
  attempts?: number;
  /** When the provider answered that it was done: the day the reports count it on. */
  doneAt?: Date;
  /**
   * While pending: until when the try under way may take. After it, the try is taken to be lost
   * (the server stopped mid-call) and a retry takes the refund over. Absent on a pending refund
   * from before leases: lost.
   */
  leaseUntil?: Date;
}

/**
 * A checkout the diner opened and has not paid yet, in `checkout_intents`: what its payment will
 * charge, for whom, and for which cart lines, bound to the provider's intent. Completing the
 * payment claims it, from open to paid, in one conditional write; the completion that claims it
 * writes the order into `payments` (lib/payments/intents.ts).
 */
export interface CheckoutIntentDoc extends PricedCheckout {
  createdAt: Date;
  /** What the diner asked for; once paid, what its payment held. */
  fulfilment?: Fulfilment;
  status: 'open' | 'paid';
  /** The kitchen load units the order takes in its pickup slot, from its dishes when the intent was opened. Absent is 1. */
  kitchenLoad?: number;
  /** Why it was voided without a charge (its pickup slot filled while the diner paid). */
  voided?: string;
  /**
   * Set when a confirmation first holds its place in the kitchen: from then on its fulfilment never
   * changes (a new choice opens a new intent), so what is held is what the order records.
   */
  fulfilmentFixed?: true;
  /** When it was paid: the order's date. */
  paidAt?: Date;
  /**
   * When a completion last claimed the writing of its order: another completion that finds no
   * order takes over once this is a while ago (the first one crashed).
   */
  claimedAt?: Date;
  /** The token of the table's QR code it was opened with (a table order): checked again before the money is taken. */
  tableToken?: string;
  /** The confirmation settling it now (lib/payments/settle.ts), until when: one at a time. */
  settling?: { by: string; until: Date };
  /** When the reconciler (lib/payments/reconcile.ts) looks at it next; absent once nothing is left to do. */
  reconcileAt?: Date;
  /** When it was voided. */
  voidedAt?: Date;
  /** When the record may be deleted: a while after it was recorded as an order, or voided and cancelled at the provider. */
  deleteAfter?: Date;
  /** A payment the provider charged that was not recorded as an order, given back: when, how much, the provider's refund, and why. */
  refunded?: { at: Date; cents: number; providerId: string; reason: string };
  /** What went wrong the last times the reconciler tried it: the admin home lists these. */
  attention?: { at: Date; error: string; tries: number };
}

/**
 * The demo card provider's own account of an intent (lib/payments/providers/demo), as Stripe keeps
 * a PaymentIntent: what it charges, its state, and the refunds made of it. Money is in cents;
 * nobody is ever charged.
 */
export interface DemoIntentDoc {
  /** `demo_pi_…`, the intent's id. */
  _id: string;
  amountCents: number;
  currency: string;
  email: string;
  status: 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled';
  refunds: { id: string; cents: number; refundId?: string }[];
  refundedCents: number;
  createdAt: Date;
}

/**
 * The cart lines a diner's payments claimed, keyed by their uid: a payment claims its lines in one
 * conditional update of this document just before the money is taken, so of two intents over the
 * same lines (two tabs, two tips) exactly one is charged (lib/payments/intents.ts).
 */
export interface LineClaimsDoc {
  _id: string;
  /**
   * Each line a payment claimed, and when. Live until the payment's lines have left the cart, then
   * `done`: a done claim only says which payment took a line, and is dropped after a while.
   */
  claims: { cartId: string; transactionId: string; at: Date; done?: Date }[];
}

/** A table booking. `date` and `time` are the restaurant's local wall clock, as the diner chose them. */
export interface BookingDoc extends Owned {
  _id?: ObjectId;
  /** From the user record at booking time, never from the client. */
  name: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM', the start of a 30-minute slot. */
  time: string;
  guests: number;
  phone: string;
  note?: string;
  status: BookingStatus;
  createdAt: Date;
  updatedAt?: Date;
}

/** Seats held in one reservation slot, keyed by 'YYYY-MM-DD HH:MM'; only ever changed with $inc. */
export interface BookingSlotDoc {
  _id: string;
  seats: number;
}

/**
 * A diner's upcoming bookings, keyed by their uid: the cap on how many bookings and seats one
 * person may hold is checked and taken in one conditional update of this document.
 */
export interface BookingHoldsDoc {
  _id: string;
  holds: { bookingId: string; slot: string; guests: number }[];
  /** How many holds there are, and their guests: counters the caps are checked against, changed with them. */
  bookings: number;
  seats: number;
}

/**
 * The kitchen's work held in one pickup slot, keyed by 'YYYY-MM-DD HH:MM': the load units held,
 * and the intents holding them, so taking or giving back a slot for the same payment twice
 * changes nothing.
 */
export interface PickupSlotDoc {
  _id: string;
  /** Kitchen load units held (named when each order counted one; a slot from then holds one per order). */
  orders: number;
  intents: string[];
  /** Each intent's load, by transaction id, so giving it back takes off what it added. */
  loads: Record<string, number>;
}

/** The restaurant's settings (lib/settings), saved from the dashboard: a save names the version it started from. */
export interface RestaurantSettingsDoc {
  _id: 'restaurant';
  version: number;
  settings: RestaurantSettings;
  updatedAt: Date;
  /** The uid of the admin who saved last. */
  updatedBy: string;
}

/** Pause and busy mode, set from the kitchen display; each ends by itself at `until` (a pause without one waits to be resumed). One document, in `orderingState`. */
export interface OrderingStateDoc {
  _id: 'ordering';
  pause: { until: Date | null; by: string; at: Date } | null;
  busy: { extraMinutes: number; until: Date; by: string; at: Date } | null;
}

/** The key the tables' QR codes are signed with: a new one makes every printed sheet invalid. One document, in `tableKeys`. */
export interface TableKeyDoc {
  _id: 'tableKey';
  key: string;
  rotatedAt: Date;
  /** The uid of the admin who made it. */
  rotatedBy: string;
  /** Until when the codes printed with it work: the period the owner chose when making them. */
  validUntil: Date;
}

/** One rate-limit counter per key and window (MongoDB only; a TTL index removes old windows). */
export interface RateLimitDoc {
  _id: string;
  count: number;
  expiresAt: Date;
}

/**
 * One email to send (lib/mail/outbox.ts). Its content is rendered when it is sent, from the order
 * or booking it reports, so writing it costs one small insert.
 */
export interface OutboxDoc {
  _id?: ObjectId;
  /** `<kind>:<order or booking id>` (a refund adds its id): unique, so no message is written twice. */
  key: string;
  kind: MailKind;
  /** The order (`payments`) or booking it reports. */
  ref: ObjectId;
  /** A refund's id, for `order-refund`. */
  refundId?: string;
  to: string;
  state: OutboxState;
  /** Claims so far, each one an attempt to send (a claim whose sender died counts too). */
  attempts: number;
  /** Waiting: when it may be sent; sending: when its sender's lease ends. */
  nextAttemptAt: Date;
  /** It counts toward its address's messages of the hour (lib/mail/outbox.ts `MAIL_PER_ADDRESS_HOUR`). */
  counted?: true;
  /**
   * How a notice to a diner (ready, running late, refund) goes: chosen at its first attempt, push,
   * else a text, else this email, and kept for its retries while it can still go that way.
   * Absent: email.
   */
  channel?: Channel;
  /** The sender holding it while sending. */
  leaseId?: string;
  lastError?: string;
  createdAt: Date;
  sentAt?: Date;
}

/** What a diner agreed to, word for word, when, and from which address (lib/notify/consent.ts). */
export interface TextConsentDoc {
  wording: string;
  at: Date;
  address: string;
}

/**
 * A checkout's texting choice, keyed by its provider intent (`_id` is the transaction id): the
 * number and the consent given at checkout, read when its order has something to say.
 */
export interface OrderTextsDoc {
  _id: string;
  ownerUid: string;
  phone: string;
  consent: TextConsentDoc;
}

/** A number that replied STOP (`_id`, E.164): nothing is texted to it until it replies START. */
export interface SmsOptOutDoc {
  _id: string;
  at: Date;
  /** The word it sent. */
  keyword: string;
}

/** Texts sent in one month of the restaurant's calendar (`_id` 'YYYY-MM'), checked against the cap in Settings. */
export interface TextMonthDoc {
  _id: string;
  sent: number;
}

/**
 * A browser's push subscription: a diner's device for one order (`orderId`), or a staff device for
 * new-order alerts (`staff`). Removed when the push service answers that it is gone.
 */
export interface PushSubscriptionDoc {
  _id?: ObjectId;
  /** `<order id or "staff"> <endpoint>`: unique, so a browser is registered once for each order and once as a staff device. */
  key: string;
  /** The push service's URL for this browser. */
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ownerUid: string;
  orderId?: ObjectId;
  staff?: true;
  createdAt: Date;
}

/** When something last happened, by name: the kitchen display last seen, how far the mail sweep has read. */
export interface StampDoc {
  _id: string;
  at: Date;
}

/** A data migration that has run (lib/db/migrations), by its id: it never runs again. */
export interface MigrationDoc {
  /** 'NNN-name', the migration's file name, or `file:…` for data an earlier release stored in another file format. */
  _id: string;
  ranAt: Date;
  tookMs: number;
  /** A file's move: the SHA-256 of the file it came from. */
  source?: string;
  /** A file's move while it runs: the last row of each collection copied. */
  copied?: Record<string, number>;
}

/**
 * A lock one process at a time holds, taken by one conditional write. It expires, so a process
 * that crashed holding it does not hold it forever; the holder renews it while it works.
 */
export interface LockDoc {
  /** What it guards: 'migrations'. */
  _id: string;
  /** Which process holds it (host, pid and a random part). */
  holder: string;
  expiresAt: Date;
}

/** A sequence, one document per name, taken one `$inc` at a time (lib/orders/numbers.ts). */
export interface CounterDoc {
  /** The order numbers' counter, and the published reviews' count and sum of ratings (lib/reviews/totals.ts). */
  _id: 'orderNumber' | 'reviews.published' | 'reviews.ratingTotal';
  /** The last value taken, or the count. */
  value: number;
}

/**
 * One restaurant day's figures (lib/stats/rollups.ts), keyed 'YYYY-MM-DD' on the restaurant's
 * calendar: kept up to date by the write that pays an order and the one that cancels it, so a
 * figure over any period reads one small document per day. Money in cents.
 */
export interface DailyRollupDoc {
  _id: string;
  /** Orders paid that day, in any status; absent on a day that only had refunds: 0. */
  orders?: number;
  /** Of those, the cancelled ones. A figure no change has moved yet is absent: 0. */
  cancelled?: number;
  /** What the orders paid that day were charged less their tips (the food, and the tax when added on top), whatever became of them later. */
  revenueCents?: number;
  tipsCents?: number;
  /** Money given back that day, whichever day its order was paid. */
  refundsCents?: number;
  /** Discounts given; nothing writes it while orders keep no discount. */
  discountsCents?: number;
  /** Tax charged, per rate at its percent (`<rate id>_<percent in thousandths>`), with the name it had. */
  tax?: Record<string, Omit<TaxTotal, 'id'>>;
  /** Dishes sold per menu category, as bought. */
  categories?: Record<string, { quantity: number; revenueCents: number }>;
  /** Dishes sold per dish (its menu id), as bought, with the name it was sold under last. */
  dishes?: Record<string, { name: string; quantity: number; revenueCents: number }>;
  /** Orders and their sale per hour of the day they were paid ('0' to '23', the restaurant's clock). */
  hours?: Record<string, { orders: number; revenueCents: number }>;
  /** Orders and their sale for pickup and at a table. */
  fulfilment?: Partial<Record<'pickup' | 'table', { orders: number; revenueCents: number }>>;
  /** The orders counted, the cancellations and the refunds: each change counts once, however often it is applied. */
  counted?: string[];
  cancelledIds?: string[];
  refundIds?: string[];
}

/** A promo code in `promos` (lib/promos): its terms. Its uses are documents of their own (`promoUses`). */
export interface PromoDoc extends Omit<PromoTerms, 'code'> {
  _id?: ObjectId;
  /** As the admin wrote it, shown on receipts and tickets. */
  code: string;
  /** The code trimmed and in lower case: unique, what a diner's code is matched by. */
  codeKey: string;
  createdAt: Date;
  updatedAt: Date;
  /** Who last changed it: the admin's uid and email. */
  updatedBy: { uid: string; email: string };
}

/**
 * A kitchen printer (lib/printing): what it prints and for which stations, the hash of the secret
 * its URL carries (what its requests are found by), and its queue, so a poll with nothing to
 * print reads this one document and nothing else.
 */
export interface PrinterDoc {
  _id?: ObjectId;
  name: string;
  protocol: PrinterProtocol;
  paperWidth: PaperWidth;
  copies: number;
  /** Station ids (lib/printing/types.ts `Station`), or the pass. */
  stations: string[];
  /** SHA-256 of its secret, hex: unique. The secret itself is shown once and never stored. */
  tokenHash: string;
  /** Its jobs still to print (ids of `printJobs`), oldest first: each is added once and taken off once printed or failed. */
  queue: string[];
  /** Media types it answered 510 to: never offered to it again. */
  refusedTypes?: string[];
  /** As it last reported itself; written when something changed or half a minute went by, so most polls write nothing. */
  seen?: { at: Date; online: boolean; paper: PaperState; cover: CoverState; reported: string };
  createdAt: Date;
  updatedAt: Date;
  updatedBy: Actor;
}

/**
 * One ticket for one printer: the ledger of everything ever sent to the kitchen. Written in the
 * same code path as the order (its payment, a reprint, its cancellation), under a unique key, so
 * however often that path runs again the ticket is queued once.
 */
export interface PrintJobDoc {
  _id?: ObjectId;
  /** `<order id>:<printer id>:<kind>` (a reprint adds its own id): unique. */
  key: string;
  printerId: ObjectId;
  orderId: ObjectId;
  kind: TicketKind;
  ticket: TicketContent;
  copies: number;
  state: JobState;
  createdAt: Date;
  fetchedAt?: Date;
  doneAt?: Date;
  mediaType?: string;
  /** Tries the printer gave up on (a download timeout, a decoding error): past a few it fails. */
  attempts?: number;
  error?: string;
  /** Who asked for a reprint, or cancelled the order. */
  by?: Actor;
}

/** How orders reach the printers: one document, saved from the Printers page, naming the version it started from. */
export interface PrintSetupDoc {
  _id: 'setup';
  version: number;
  stations: Station[];
  silentMinutes: number;
  updatedAt: Date;
  updatedBy: string;
}

/**
 * One use of a promo code by one payment (lib/promos/uses.ts), taken by one insert: its places
 * under the code's limits are unique, so the code's uses, and each person's, never pass them.
 */
export interface PromoUseDoc {
  _id?: ObjectId;
  /** The code's id. */
  promoId: string;
  /** The payment that used it: one use per payment. */
  transactionId: string;
  ownerUid: string;
  /** The person, by the mailbox they paid with (lib/users/email.ts `personEmail`). */
  email: string;
  /** The card's fingerprint, where the provider gave one. */
  card?: string;
  at: Date;
  /** Its place among the code's uses, from 1: at most `maxUses`. */
  n: number;
  /** Its place among this email's uses of the code, from 1: at most `maxUsesPerDiner`. */
  emailN: number;
  /** Its place among this card's uses of the code, and that place as one key (`<code id>:<card>#<n>`, unique). */
  cardN?: number;
  cardSeat?: string;
}

/** A section of the menu (a category) served only at some times (lib/menu/live.ts); a section served whenever the restaurant is open has none. */
export interface MenuSectionDoc {
  _id: MenuCategory;
  schedule: MenuSchedule;
  updatedAt: Date;
  updatedBy: Actor;
}

/**
 * What the kitchen last said of a dish or an option (lib/menu/live.ts), keyed by the dish's id or,
 * for an option, by `choiceKey` (lib/menu/availability.ts): 86'd until a time (the next opening,
 * some hours on) or until turned back on, or back on; who said it and when. An 86 whose time has
 * come reads as on: nothing has to run for the dish to come back.
 */
export interface MenuStatusDoc {
  _id: string;
  menuId: string;
  option?: { group: string; choice: string };
  off: { until: Date | null; for: 'close' | 'hours' | 'manual'; by: Actor; at: Date } | null;
  changedAt: Date;
  changedBy: Actor;
}

/**
 * The portions left of a counted dish or option (lib/menu/stock.ts): one document per thing
 * counted until changed, keyed as its menu status is, and one per day for a count a day
 * (`<key>@YYYY-MM-DD`). A payment takes its portions in one conditional write that never takes
 * `left` below zero and names the payment, so taking or giving back twice counts once.
 */
export interface StockCountDoc {
  _id: string;
  left: number;
  /** The payments holding portions, and how many each holds. */
  holds: string[];
  held: Record<string, number>;
  /** Who last said how many were left, and when. */
  setAt?: Date;
  setBy?: Actor;
}

/** The counts a payment holds portions of, by its transaction id: how they are found to be given back (lib/menu/stock.ts). */
export interface StockHoldDoc {
  _id: string;
  counts: string[];
  at: Date;
}

/** Maps each collection name to the shape of its documents. */
export interface Collections {
  menu: MenuItemDoc;
  reviews: ReviewDoc;
  users: UserDoc;
  carts: CartItemDoc;
  payments: PaymentDoc;
  checkout_intents: CheckoutIntentDoc;
  bookings: BookingDoc;
  bookingSlots: BookingSlotDoc;
  bookingHolds: BookingHoldsDoc;
  lineClaims: LineClaimsDoc;
  pickupSlots: PickupSlotDoc;
  settings: RestaurantSettingsDoc;
  orderingState: OrderingStateDoc;
  tableKeys: TableKeyDoc;
  rateLimits: RateLimitDoc;
  outbox: OutboxDoc;
  stamps: StampDoc;
  migrations: MigrationDoc;
  locks: LockDoc;
  counters: CounterDoc;
  dailyRollups: DailyRollupDoc;
  promos: PromoDoc;
  printers: PrinterDoc;
  printJobs: PrintJobDoc;
  printSetup: PrintSetupDoc;
  promoUses: PromoUseDoc;
  demoIntents: DemoIntentDoc;
  orderTexts: OrderTextsDoc;
  smsOptOuts: SmsOptOutDoc;
  textMonths: TextMonthDoc;
  pushSubscriptions: PushSubscriptionDoc;
  menuSections: MenuSectionDoc;
  menuStatus: MenuStatusDoc;
  stockCounts: StockCountDoc;
  stockHolds: StockHoldDoc;
}
