import { seedMenu } from '../../seed/menu-data.ts';
import type { MenuItemDoc } from '../documents.ts';
import { seedId } from '../seed.ts';
import type { Filter } from '../types.ts';
import type { Migration } from './types.ts';

type Filled = Pick<MenuItemDoc, 'recipe' | 'available' | 'allergens' | 'dietary' | 'options'>;
const FIELDS = ['recipe', 'available', 'allergens', 'dietary', 'options'] as const;

/**
 * Dishes stored before dishes had a sold-out switch, allergens, dietary tags and options get them.
 * A seed dish (known by its seed id, or by name and category) gets the seed's, any other dish the
 * plain values a new dish gets: on sale, none declared. Each field only where it is missing, so
 * what an admin set stays.
 */
export const menuFields: Migration = {
  id: '001-menu-fields',
  description: 'dishes get availability, allergens, dietary tags and options',
  async up(db) {
    const menu = db.collection('menu');
    const seeds = new Map<string, Filled>();
    seedMenu.forEach((item, i) => {
      const filled: Filled = { recipe: item.recipe, available: true, allergens: item.allergens, dietary: item.dietary, options: item.options };
      seeds.set(seedId('menu', i, `${item.category}\u0000${item.name}`).toHexString(), filled);
      seeds.set(`${item.category}\u0000${item.name}`, filled);
    });
    const plain: Filled = { recipe: '', available: true, allergens: [], dietary: [], options: [] };
    const lacking = await menu.find({ $or: FIELDS.map((field) => ({ [field]: { $exists: false } })) }).toArray();
    for (const doc of lacking) {
      const values = seeds.get(doc._id.toHexString()) ?? seeds.get(`${doc.category}\u0000${doc.name}`) ?? plain;
      const filter: Filter<MenuItemDoc> = { _id: doc._id };
      const set: Partial<Filled> = {};
      for (const field of FIELDS) {
        if (doc[field] !== undefined) continue;
        filter[field] = { $exists: false };
        Object.assign(set, { [field]: values[field] });
      }
      await menu.updateOne(filter, { $set: set });
    }
  },
};
