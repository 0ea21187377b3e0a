import type { SelectedOption } from '@/lib/menu/types';

/** Why a line cannot be paid for as it is: its dish went, sold out, or changed since it was added, or another payment is paying for it now. */
export interface LineAttention {
  reason: 'removed' | 'sold-out' | 'changed' | 'paying';
  message: string;
}

/** A cart line as the browser sees it (client-safe). */
export interface CartItem {
  _id: string;
  menuId: string;
  email: string;
  name: string;
  image: string;
  /** One of it with its choices, in dollars, as priced when it was added. */
  price: number;
  quantity: number;
  options: SelectedOption[];
  note?: string;
  /** `price` × `quantity`, in cents. */
  lineCents: number;
  /** The dish's tax class (a rate id), for the cart's preview of the tax; absent is the first rate. */
  taxRate?: string;
  /** Present when the line must be removed or chosen again before the cart can be paid. */
  attention?: LineAttention;
}

/** POST /api/carts: the line the dish went to, new or merged into an identical one, and how many it now holds. */
export interface AddedToCart {
  insertedId: string;
  quantity: number;
  merged: boolean;
}

/** POST /api/orders/{id}/again: what went into the cart, and what was left out and why. */
export interface OrderedAgain {
  added: { name: string; quantity: number }[];
  left: { name: string; reason: string }[];
}
