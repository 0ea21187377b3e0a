/** Promo codes as the admin page, the payment page and the API show them (client-safe). */
import type { MenuCategory } from '@/lib/menu/types';

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/**
 * What a code gives and when: a percentage of the dishes it applies to, or a fixed amount off them
 * (never more than they cost), priced in cents before tax.
 */
export interface PromoTerms {
  /** As the admin wrote it; diners may type it in any case, with spaces around. */
  code: string;
  kind: PromoKind;
  /** 1 to 100, for `percent`. */
  percent?: number;
  /** For `fixed`. */
  amountCents?: number;
  /** The food's subtotal an order needs, in cents (0: none). */
  minSubtotalCents: number;
  /** The first and last day it is valid on, 'YYYY-MM-DD' in the restaurant's time zone (absent: open-ended). */
  validFrom?: string;
  validUntil?: string;
  /** Uses in all, and per diner (absent: no limit). */
  maxUses?: number;
  /** Per person: counted by the email they pay with, and by their card where the provider tells. */
  maxUsesPerDiner?: number;
  /** Only for diners signed in with a verified email (no guests). */
  verifiedOnly?: boolean;
  /** The dishes it takes money off: those of these categories, and these dishes. Both empty: the whole order. */
  categories: MenuCategory[];
  menuIds: string[];
  active: boolean;
}

/** A promo code as GET /api/promos lists it. */
export interface Promo extends PromoTerms {
  _id: string;
  /** Payments that used it (a whole-order refund gives its use back). */
  uses: number;
  updatedAt: string;
  /** Who last changed it, by email. */
  updatedBy: string;
}

/**
 * A code the server accepted for the caller's cart (POST /api/promos/check): what it takes off,
 * and the dishes of the cart it takes it off, whose tax rates the discount lowers.
 */
export interface AppliedPromo {
  code: string;
  discountCents: number;
  menuIds: string[];
}
