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

/** One choice of an option group; `price` is what it adds, in dollars (0 for none). */
export interface OptionChoice {
  name: string;
  price: number;
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
}
