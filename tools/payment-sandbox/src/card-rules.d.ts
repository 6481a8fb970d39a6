// Types for card-rules.js (plain JS because the browser stand-in embeds its text).
export type CardBrand =
  'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';
export function digitsOnly(value: string): string;
export function cardBrand(number: string): CardBrand;
export function cardNumberLengths(brand: CardBrand): number[];
export function cvcLength(brand: CardBrand): number;
export function luhnValid(number: string): boolean;
export function cardNumberState(number: string): 'complete' | 'incomplete' | 'invalid';
export function fullYear(year: number): number;
export function expiryIsPast(month: number, year: number, now: Date): boolean;
