// Card number rules shared by the sandbox's API and its Stripe.js stand-in: the server imports this
// module and also serves its text to browsers inside the stand-in (so it stays plain, import-free JS).

export function digitsOnly(value) {
  return String(value).replace(/\D/g, '');
}

export function cardBrand(number) {
  const digits = digitsOnly(number);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'discover';
  if (/^(36|30[0-5]|3095|38|39)/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

export function cardNumberLengths(brand) {
  switch (brand) {
    case 'amex':
      return [15];
    case 'diners':
      return [14, 16];
    case 'unionpay':
      return [16, 17, 18, 19];
    default:
      return [16];
  }
}

export function cvcLength(brand) {
  return brand === 'amex' ? 4 : 3;
}

export function luhnValid(number) {
  const digits = digitsOnly(number);
  if (digits.length === 0) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 'complete' (a valid number), 'incomplete' (could still become one) or 'invalid'. */
export function cardNumberState(number) {
  const digits = digitsOnly(number);
  const lengths = cardNumberLengths(cardBrand(digits));
  const longest = Math.max(...lengths);
  if (lengths.includes(digits.length)) {
    if (luhnValid(digits)) return 'complete';
    return digits.length === longest ? 'invalid' : 'incomplete';
  }
  return digits.length < longest ? 'incomplete' : 'invalid';
}

/** Two-digit years are this century's, as cards print them. */
export function fullYear(year) {
  return year < 100 ? 2000 + year : year;
}

/** An expiry is past once its month has ended. */
export function expiryIsPast(month, year, now) {
  const full = fullYear(year);
  return full < now.getUTCFullYear() || (full === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}
