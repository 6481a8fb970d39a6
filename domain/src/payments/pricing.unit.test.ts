import { describe, expect, it } from 'vitest';
import { discountPoisha, poishaToTaka, priceRent, takaToPoisha } from './pricing.ts';

describe('rent pricing in poisha', () => {
  it('takes 15% off 12,345 taka exactly', () => {
    const price = priceRent(takaToPoisha(12_345), 15);
    expect(price).toEqual({
      rentPoisha: 1_234_500,
      discount: 15,
      discountPoisha: 185_175,
      amountPoisha: 1_049_325,
    });
    expect(poishaToTaka(price.amountPoisha)).toBe(10_493.25);
  });

  it('rounds the discount half up', () => {
    expect(discountPoisha(999, 15)).toBe(150); // 149.85
    expect(discountPoisha(10, 5)).toBe(1); // 0.5 -> 1
    expect(discountPoisha(30, 5)).toBe(2); // 1.5 -> 2
    expect(discountPoisha(29, 5)).toBe(1); // 1.45 -> 1
  });

  it('charges the full rent without a coupon and nothing at 100%', () => {
    expect(priceRent(500_000, 0).amountPoisha).toBe(500_000);
    expect(priceRent(500_000, 100).amountPoisha).toBe(0);
  });

  it('refuses fractional discounts and negative rents', () => {
    expect(() => discountPoisha(100, 12.5)).toThrow(RangeError);
    expect(() => discountPoisha(-1, 10)).toThrow(RangeError);
    expect(() => discountPoisha(100, 101)).toThrow(RangeError);
  });
});
