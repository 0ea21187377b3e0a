/** The one tax rule the server charges by and the browser previews with. */
import { describe, expect, it } from 'vitest';
import { MAX_CHARGE_CENTS } from '@/lib/menu/pricing';
import { addedTaxCents, computeTax, shareDiscount, taxLabel, taxOn, type TaxSettings } from '@/lib/tax/tax';

const salesTax: TaxSettings = { mode: 'added', rates: [{ id: 'sales', name: 'Sales tax', percent: 8.875 }] };
const irish: TaxSettings = {
  mode: 'inclusive',
  rates: [
    { id: 'food', name: 'VAT', percent: 13.5 },
    { id: 'drink', name: 'VAT', percent: 23 },
  ],
};

describe('tax', () => {
  it('adds US sales tax on top of the food, per rate, rounded half up: $24.90 at 8.875 % is $2.21', () => {
    const tax = computeTax([{ lineCents: 1490 }, { lineCents: 1000 }], salesTax)!;
    expect(tax).toEqual({ mode: 'added', cents: 221, lines: [{ id: 'sales', name: 'Sales tax', percent: 8.875, baseCents: 2490, taxCents: 221 }] });
    expect(addedTaxCents(tax)).toBe(221);
    expect(taxLabel(tax.lines[0]!, tax.mode)).toBe('Sales tax 8.875 %');
  });

  it('shows the VAT a price includes without changing the charge: $18.60 at 20 % includes $3.10', () => {
    const tax = computeTax([{ lineCents: 1860 }], { mode: 'inclusive', rates: [{ id: 'std', name: 'VAT', percent: 20 }] })!;
    expect(tax.lines).toEqual([{ id: 'std', name: 'VAT', percent: 20, baseCents: 1860, taxCents: 310 }]);
    expect(addedTaxCents(tax)).toBe(0);
    expect(taxLabel(tax.lines[0]!, tax.mode)).toBe('VAT 20 % included');
  });

  it('keeps two rates apart, each on the sum of its own lines (Ireland: 13.5 % food, 23 % drink)', () => {
    const tax = computeTax(
      [
        { taxRate: 'food', lineCents: 2500 },
        { taxRate: 'drink', lineCents: 1230 },
        { taxRate: 'food', lineCents: 1040 },
      ],
      irish,
    )!;
    // 3540 × 13.5 / 113.5 = 421.06…; 1230 × 23 / 123 = 230.
    expect(tax.lines.map((l) => [l.id, l.baseCents, l.taxCents])).toEqual([
      ['food', 3540, 421],
      ['drink', 1230, 230],
    ]);
    expect(tax.cents).toBe(651);
  });

  it('taxes a rate on the sum of its lines, not line by line: five lines of $0.10 at 8.875 % are 4 cents, not 5', () => {
    const tax = computeTax(Array.from({ length: 5 }, () => ({ lineCents: 10 })), salesTax)!;
    expect(tax.cents).toBe(4);
  });

  it('rounds exactly half a cent up, and just under it down, in both modes', () => {
    expect(taxOn(5, 10, 'added')).toBe(1); // 0.5
    expect(taxOn(4, 10, 'added')).toBe(0); // 0.4
    expect(taxOn(15, 10, 'added')).toBe(2); // 1.5
    expect(taxOn(1, 100, 'inclusive')).toBe(1); // 0.5
    expect(taxOn(3, 50, 'inclusive')).toBe(1); // 1.0
    expect(taxOn(2, 50, 'inclusive')).toBe(1); // 0.666…
    expect(taxOn(1, 50, 'inclusive')).toBe(0); // 0.333…
  });

  it('lists a zero rate with no tax, and a dish whose rate is gone falls back to the first rate', () => {
    const tax = computeTax(
      [
        { taxRate: 'zero', lineCents: 800 },
        { taxRate: 'deleted-rate', lineCents: 1000 },
      ],
      { mode: 'added', rates: [{ id: 'std', name: 'Tax', percent: 10 }, { id: 'zero', name: 'Zero-rated', percent: 0 }] },
    )!;
    expect(tax.lines).toEqual([
      { id: 'std', name: 'Tax', percent: 10, baseCents: 1000, taxCents: 100 },
      { id: 'zero', name: 'Zero-rated', percent: 0, baseCents: 800, taxCents: 0 },
    ]);
  });

  it('computes nothing when the settings have no rate', () => {
    expect(computeTax([{ lineCents: 1000 }], { mode: 'added', rates: [] })).toBeNull();
    expect(addedTaxCents(null)).toBe(0);
  });

  it('is exact on the largest order, at the largest rate with three decimals', () => {
    const [base, percent] = [MAX_CHARGE_CENTS, 99.999];
    const exact = (n: bigint, d: bigint) => Number((2n * n + d) / (2n * d));
    expect(taxOn(base, percent, 'added')).toBe(exact(BigInt(base) * 99_999n, 100_000n));
    expect(taxOn(base, percent, 'inclusive')).toBe(exact(BigInt(base) * 99_999n, 199_999n));
  });

  it('taxes the discounted food: a discount is shared over the rates in proportion, and its cents all land', () => {
    expect(shareDiscount(1000, [3000, 1000])).toEqual([750, 250]);
    expect(shareDiscount(100, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(shareDiscount(10, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(shareDiscount(10, [100, 100, 100])).toEqual([4, 3, 3]);
    const tax = computeTax([{ taxRate: 'food', lineCents: 3000 }, { taxRate: 'drink', lineCents: 1000 }], irish, 1000)!;
    expect(tax.lines.map((l) => l.baseCents)).toEqual([2250, 750]);
  });

  it('shares a discount over the rates of the lines it is for only (a code for the food leaves the drink\'s base whole)', () => {
    const lines = [
      { taxRate: 'food', lineCents: 3000, menuId: 'stew' },
      { taxRate: 'drink', lineCents: 1000, menuId: 'wine' },
      { taxRate: 'food', lineCents: 1000, menuId: 'bread' },
    ];
    const tax = computeTax(lines, irish, 500, (line) => line.menuId !== 'wine')!;
    expect(tax.lines.map((l) => l.baseCents)).toEqual([3500, 1000]);
    // No line it is for: nothing is taken off any rate.
    expect(computeTax(lines, irish, 500, () => false)!.lines.map((l) => l.baseCents)).toEqual([4000, 1000]);
  });
});
