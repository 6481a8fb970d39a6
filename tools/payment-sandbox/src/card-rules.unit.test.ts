import { describe, expect, it } from 'vitest';
import { cardBrand, cardNumberState, expiryIsPast, luhnValid } from './card-rules.js';

describe('card rules', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('checks the Luhn digit', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('tells complete, incomplete and invalid numbers apart', () => {
    expect(cardNumberState('4242424242424242')).toBe('complete');
    expect(cardNumberState('424242')).toBe('incomplete');
    expect(cardNumberState('4242424242424241')).toBe('invalid');
    expect(cardNumberState('42424242424242424')).toBe('invalid');
    expect(cardNumberState('62000000000000')).toBe('incomplete');
    expect(cardNumberState('378282246310005')).toBe('complete');
    expect(cardNumberState('378282246310006')).toBe('invalid');
  });

  it('treats an expiry as past only after its month ends', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(expiryIsPast(11, 26, now)).toBe(false);
    expect(expiryIsPast(10, 2026, now)).toBe(true);
    expect(expiryIsPast(1, 2027, now)).toBe(false);
  });
});
