import 'server-only';
import { HttpError } from '@/lib/api/http';
import { authorize, type Shopper } from '@/lib/auth/viewer';
import { collections, toObjectId } from '@/lib/db';
import { addToCart } from './cart';
import type { OrderedAgain } from './types';

/**
 * Order again: each line of one of the viewer's past orders goes into their cart as it was bought
 * (the dish, its choices, the quantity, the note), through the same add as Add To Cart, so it is
 * priced by today's menu. A line the menu no longer takes (the dish sold out, gone, its choices
 * changed, or its cart line full) is left out and named with the reason; the rest are added.
 * Another diner's order, or an unknown id, is 404: nothing of it is told.
 */
export async function orderAgain(viewer: Shopper, orderId: string): Promise<OrderedAgain> {
  authorize(viewer, 'guest');
  const _id = toObjectId(orderId);
  const { payments } = await collections();
  const order = _id ? await payments.findOne({ _id, ownerUid: viewer.uid }, { projection: { lines: 1 } }) : null;
  if (!order) throw new HttpError(404, 'You have no order with this id.');
  const answer: OrderedAgain = { added: [], left: [] };
  for (const line of order.lines) {
    try {
      await addToCart(viewer, { menuId: line.menuId, quantity: line.quantity, options: line.options, ...(line.note ? { note: line.note } : {}) });
      answer.added.push({ name: line.name, quantity: line.quantity });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      answer.left.push({ name: line.name, reason: err.status === 404 ? `${line.name} is no longer on the menu.` : err.message });
    }
  }
  return answer;
}
