import type { OpeningWindow, Weekday } from '@/lib/settings/types';

/** The menu as the browser and the API see it (no server imports: client-safe). */

/** Categories in the tab order of the order page. */
export const ORDER_CATEGORIES = ['salad', 'pizza', 'soup', 'dessert', 'drinks'] as const;
/** Every category a menu item may carry: the order ones, plus offered (menu page) and popular (home page). */
export const MENU_CATEGORIES = [...ORDER_CATEGORIES, 'offered', 'popular'] as const;

export type OrderCategory = (typeof ORDER_CATEGORIES)[number];
export type MenuCategory = (typeof MENU_CATEGORIES)[number];

/** The 14 allergens EU and UK law requires a restaurant to declare, in the order menus list them. */
export const ALLERGENS = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'nuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** Dietary tags. A vegan dish is vegetarian too, whether or not it is tagged so (see lib/menu/allergens.ts). */
export const DIETS = ['vegetarian', 'vegan'] as const;
export type Diet = (typeof DIETS)[number];

/**
 * When a section of the menu, a dish or an option is served: on these weekdays, in these windows
 * of the restaurant's wall clock (its time zone). A window past midnight (`overnight`, the bar
 * menu from 22:00 to 02:00) belongs to the day it opens on, as the opening hours' windows do.
 */
export interface MenuSchedule {
  days: Weekday[];
  windows: OpeningWindow[];
}

/**
 * A count of portions: `count` a day (a fresh count each day on the restaurant's calendar) or in
 * all until it is changed ("12 left"). Held by paid orders, given back when they are not.
 */
export interface StockRule {
  per: 'day' | 'total';
  count: number;
}

/** The largest count a dish or an option may have. */
export const MAX_STOCK = 100_000;

/** One choice of an option group; `price` is what it adds, in dollars (0 for none). */
export interface OptionChoice {
  name: string;
  price: number;
  schedule?: MenuSchedule;
  stock?: StockRule;
}

/**
 * A group of choices a diner makes for a dish: at least `min` (a group with min ≥ 1 is required)
 * and at most `max` of its choices. Size is min 1, max 1; extra toppings min 0, max 3.
 */
export interface OptionGroup {
  name: string;
  min: number;
  max: number;
  choices: OptionChoice[];
}

/** What a diner chose in one group, by names: the shape the cart, the API and orders share. */
export interface SelectedOption {
  group: string;
  choices: string[];
}

/** What a dish counts against a pickup slot's capacity unless an admin says otherwise. */
export const DEFAULT_KITCHEN_LOAD = 1;
/** The most one dish may weigh: a whole order of it still fits a slot of the largest capacity. */
export const MAX_KITCHEN_LOAD = 100;

/** A menu item as it travels to the browser: ids are strings, prices plain numbers in dollars. */
export interface MenuItem {
  _id: string;
  name: string;
  recipe: string;
  image: string;
  category: MenuCategory;
  price: number;
  /** False while the kitchen has run out: shown as sold out, refused by the cart. */
  available: boolean;
  allergens: Allergen[];
  dietary: Diet[];
  options: OptionGroup[];
  /** The kitchen's work one of it takes, in load units (a pizza 2, a drink 0): what a pickup slot's capacity counts. */
  kitchenLoad: number;
  /** Its tax class, a rate id of the settings; absent or unknown is the first rate (lib/tax/tax.ts). */
  taxRate?: string;
  /** When it is served, beside its section's schedule (both must serve); absent is whenever the restaurant is open. */
  schedule?: MenuSchedule;
  /** Its count of portions, if it is counted. */
  stock?: StockRule;
}

/** A dish or an option as the kitchen display lists it (GET /api/menu/kitchen). */
export interface KitchenMenuEntry {
  /** The dish's id, or for an option its dish, group and choice (lib/menu/availability.ts `choiceKey`). */
  key: string;
  menuId: string;
  /** 'Margherita', or for an option 'Truffle (Topping, Margherita)'. */
  name: string;
  category: MenuCategory;
  option?: { group: string; choice: string };
  schedule?: MenuSchedule;
  /** The 86 in force: until when (an ISO instant, or null until turned back on), how it was asked for, by whom and when. */
  off?: { until: string | null; for: 'close' | 'hours' | 'manual'; by: string; at: string };
  /** Its count, and what is left of it today. */
  stock?: StockRule & { left: number };
}

export interface KitchenMenuState {
  /** The restaurant's date the counts are for. */
  today: string;
  entries: KitchenMenuEntry[];
}
