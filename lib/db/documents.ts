/**
 * The documents each collection holds, in one place. Client code never imports this file: each
 * domain's browser-safe shapes live in its own types.ts.
 */
import type { ObjectId } from 'mongodb';
import type { MenuCategory } from '../menu/types.ts';
import type { OrderStatus } from '../orders/types.ts';
import type { BookingStatus } from '../reservations/types.ts';

/** A menu item in the `menu` collection. Prices are plain numbers in dollars. */
export interface MenuItemDoc {
  _id?: ObjectId;
  name: string;
  recipe: string;
  image: string;
  category: MenuCategory;
  price: number;
  createdAt?: Date;
}

export interface ReviewDoc {
  _id?: ObjectId;
  name: string;
  details: string;
  rating: number;
  email?: string;
  createdAt?: Date;
  updatedAt?: Date;
}

export interface UserDoc {
  _id?: ObjectId;
  name: string;
  email: string;
  role?: 'admin';
  createdAt?: Date;
}

export interface CartItemDoc {
  _id?: ObjectId;
  menuId: string;
  email: string;
  name: string;
  image: string;
  price: number;
  createdAt?: Date;
}

export interface PaymentDoc {
  _id?: ObjectId;
  email: string;
  price: number;
  transactionId: string;
  /** The payment date; the field name is literally `data`, as API clients know it. */
  data: Date;
  cartIds: string[];
  menuItemIds: string[];
  status: OrderStatus;
  /**
   * Every status change after payment, with its time (lib/orders). Payments recorded before it
   * existed, or just paid, lack it: their history starts as `[{ status: 'pending', at: data }]`.
   */
  statusHistory?: { status: OrderStatus; at: Date }[];
}

/** A table booking. `date` and `time` are the restaurant's local wall clock, as the diner chose them. */
export interface BookingDoc {
  _id?: ObjectId;
  email: string;
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

/** Maps each collection name to the shape of its documents. */
export interface Collections {
  menu: MenuItemDoc;
  reviews: ReviewDoc;
  users: UserDoc;
  carts: CartItemDoc;
  payments: PaymentDoc;
  bookings: BookingDoc;
  bookingSlots: BookingSlotDoc;
}
