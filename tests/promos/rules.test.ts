/** A code's rules, as pure arithmetic: each limit, what it applies to, and the rounding. */
import { describe, expect, it } from 'vitest';
import { codeKeyOf, discountLabel, priceDiscount, type PromoLine } from '@/lib/promos/rules';
import type { PromoTerms } from '@/lib/promos/types';

const terms = (over: Partial<PromoTerms> = {}): PromoTerms => ({
  code: 'SPRING',
  kind: 'percent',
  percent: 15,
  minSubtotalCents: 0,
  categories: [],
  menuIds: [],
  active: true,
  ...over,
});
const soup: PromoLine = { menuId: 'a'.repeat(24), category: 'soup', lineCents: 1010 };
const pizza: PromoLine = { menuId: 'b'.repeat(24), category: 'pizza', lineCents: 1450 };
const day = { today: '2031-04-10', uses: 0, usesByDiner: 0 };

describe('priceDiscount', () => {
  it('takes a percentage of the whole order, to the nearest cent, a half cent up', () => {
    expect(priceDiscount(terms(), [soup], day)).toEqual({ ok: true, discountCents: 152 });
    expect(priceDiscount(terms(), [soup, pizza], day)).toEqual({ ok: true, discountCents: 369 });
  });

  it('takes a fixed amount, never more than the dishes it applies to', () => {
    expect(priceDiscount(terms({ kind: 'fixed', percent: undefined, amountCents: 500 }), [soup, pizza], day)).toEqual({ ok: true, discountCents: 500 });
    expect(priceDiscount(terms({ kind: 'fixed', percent: undefined, amountCents: 5000, categories: ['soup'] }), [soup, pizza], day)).toEqual({ ok: true, discountCents: 1010 });
  });

  it('applies to its categories and dishes only, and refuses an order of other dishes', () => {
    expect(priceDiscount(terms({ categories: ['pizza'] }), [soup, pizza], day)).toEqual({ ok: true, discountCents: 218 });
    expect(priceDiscount(terms({ menuIds: [soup.menuId] }), [soup, pizza], day)).toEqual({ ok: true, discountCents: 152 });
    expect(priceDiscount(terms({ categories: ['dessert'] }), [soup, pizza], day)).toEqual({ ok: false, status: 409, error: 'SPRING is for other dishes than those in your order.' });
  });

  it.each<[string, Partial<PromoTerms>, Partial<typeof day>, 404 | 409, string]>([
    ['switched off', { active: false }, {}, 404, 'SPRING is not a valid code.'],
    ['not yet valid', { validFrom: '2031-04-11' }, {}, 409, 'SPRING is valid from 2031-04-11.'],
    ['expired', { validUntil: '2031-04-09' }, {}, 409, 'SPRING expired on 2031-04-09.'],
    ['used up', { maxUses: 3 }, { uses: 3 }, 409, 'SPRING has been used up.'],
    ['used by this diner as often as it allows', { maxUsesPerDiner: 1 }, { usesByDiner: 1 }, 409, 'You have used SPRING as many times as it allows.'],
    ['below the minimum', { minSubtotalCents: 2500 }, {}, 409, 'SPRING needs food of at least $25.00; your order comes to $24.60.'],
  ])('refuses a code %s', (_what, over, context, status, error) => {
    expect(priceDiscount(terms(over), [soup, pizza], { ...day, ...context })).toEqual({ ok: false, status, error });
  });

  it('is valid on its first and last day, and at its minimum exactly', () => {
    const edges = terms({ validFrom: '2031-04-10', validUntil: '2031-04-10', minSubtotalCents: 2460, maxUses: 4, maxUsesPerDiner: 2 });
    expect(priceDiscount(edges, [soup, pizza], { today: '2031-04-10', uses: 3, usesByDiner: 1 }).ok).toBe(true);
  });
});

describe('matching and wording', () => {
  it('matches a code whatever its case and the spaces around it', () => {
    expect(codeKeyOf('  Spring ')).toBe(codeKeyOf('SPRING'));
  });

  it('writes a discount with a minus sign, the amount and the code', () => {
    expect(discountLabel('SPRING', 500)).toBe('−$5.00 SPRING');
  });
});
