/** Menu items for tests that need dishes with known names and prices. */
import { ObjectId } from 'mongodb';
import { collections } from '@/lib/db';
import type { MenuItemDoc } from '@/lib/db/documents';

export async function seedItem(overrides: Partial<MenuItemDoc> = {}): Promise<string> {
  const { menu } = await collections();
  const { insertedId } = await menu.insertOne({
    name: 'Test Soup',
    category: 'soup',
    price: 9.5,
    recipe: 'Stock, leeks',
    image: '/images/menu/soup.svg',
    available: true,
    allergens: [],
    dietary: [],
    options: [],
    kitchenLoad: 1,
    ...overrides,
  });
  return insertedId.toHexString();
}

/** Two menu items priced for the examples: 3 × 14.50 + 9.95 = 53.45. */
export async function pricedMenuItems(): Promise<{ soup: string; salad: string }> {
  const { menu } = await collections();
  const [soup, salad] = await menu.find({}).sort({ _id: 1 }).limit(2).toArray();
  await menu.updateOne({ _id: soup!._id }, { $set: { price: 14.5 } });
  await menu.updateOne({ _id: salad!._id }, { $set: { price: 9.95 } });
  return { soup: soup!._id.toHexString(), salad: salad!._id.toHexString() };
}

export async function setMenuPrice(menuId: string, price: number): Promise<void> {
  const { menu } = await collections();
  await menu.updateOne({ _id: new ObjectId(menuId) }, { $set: { price } });
}
