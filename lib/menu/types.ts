/** The menu as the browser and the API see it (no server imports: client-safe). */

/** Categories in the tab order of the order page. */
export const ORDER_CATEGORIES = ['salad', 'pizza', 'soup', 'dessert', 'drinks'] as const;
/** Every category a menu item may carry: the order ones, plus offered (menu page) and popular (home page). */
export const MENU_CATEGORIES = [...ORDER_CATEGORIES, 'offered', 'popular'] as const;

export type OrderCategory = (typeof ORDER_CATEGORIES)[number];
export type MenuCategory = (typeof MENU_CATEGORIES)[number];

/** A menu item as it travels to the browser: ids are strings, prices plain numbers in dollars. */
export interface MenuItem {
  _id: string;
  name: string;
  recipe: string;
  image: string;
  category: MenuCategory;
  price: number;
}
