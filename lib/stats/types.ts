/** The admin statistics as GET /api/stats answers them (no server imports: client-safe). */

export interface CategorySales {
  category: string;
  /** Dishes sold in this category, over every order that was not cancelled. */
  quantity: number;
  /** Those dishes at their menu prices, in dollars, exact to the cent. */
  revenue: number;
}

export interface AdminStats {
  /** What diners paid for the food of orders that were not cancelled, in dollars: tips left out. */
  revenue: number;
  /** Tips on those orders, in dollars. */
  tips: number;
  /** Users with a record, admins included. */
  customers: number;
  menuItems: number;
  /** Paid orders in any status, cancelled included. */
  orders: number;
  /** Highest revenue first; empty when nothing has been sold. */
  categories: CategorySales[];
}
