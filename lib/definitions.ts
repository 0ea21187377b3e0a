import type { ObjectId } from 'mongodb';

/** Categories in the order tab order of the order page (spec §2). */
export const ORDER_CATEGORIES = ['salad', 'pizza', 'soup', 'dessert', 'drinks'] as const;
/** Every category a menu item may carry: the order ones, plus offered (menu page) and popular (home page). */
export const MENU_CATEGORIES = [...ORDER_CATEGORIES, 'offered', 'popular'] as const;

export type OrderCategory = (typeof ORDER_CATEGORIES)[number];
export type MenuCategory = (typeof MENU_CATEGORIES)[number];

/** A menu item as stored in the `menu` collection. Prices are plain numbers in dollars. */
export interface MenuItemDoc {
  _id?: ObjectId;
  name: string;
  recipe: string;
  image: string;
  category: MenuCategory;
  price: number;
  createdAt?: Date;
}

/** A menu item as it travels to the browser: ids are strings. */
export interface MenuItem {
  _id: string;
  name: string;
  recipe: string;
  image: string;
  category: MenuCategory;
  price: number;
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

export interface Review {
  _id: string;
  name: string;
  details: string;
  rating: number;
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
  /** The payment date; the field name is literally `data` (spec §3). */
  data: Date;
  cartIds: string[];
  menuItemIds: string[];
  status: 'pending' | 'preparing' | 'ready' | 'completed' | 'cancelled';
  /**
   * Every status change after payment, with its time (lib/orders). Payments recorded before it
   * existed, or just paid, lack it: their history starts as `[{ status: 'pending', at: data }]`.
   */
  statusHistory?: { status: PaymentDoc['status']; at: Date }[];
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
  status: 'pending' | 'confirmed' | 'cancelled';
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
