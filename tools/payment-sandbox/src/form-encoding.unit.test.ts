import { describe, expect, it } from 'vitest';
import { parseFormEncoded } from './form-encoding.ts';
import { StripeApiError } from './stripe-error.ts';

describe('parseFormEncoded', () => {
  it('nests bracketed keys the way the Stripe SDK encodes them', () => {
    const body = parseFormEncoded(
      'amount=2000&currency=bdt&metadata[si]=7&payment_method_types[0]=card' +
        '&payment_method_data[card][number]=4242424242424242&expand[]=a&expand[]=b&description=rent+for+May',
    );
    expect(body).toEqual({
      amount: '2000',
      currency: 'bdt',
      metadata: { si: '7' },
      payment_method_types: { '0': 'card' },
      payment_method_data: { card: { number: '4242424242424242' } },
      expand: ['a', 'b'],
      description: 'rent for May',
    });
  });

  it('decodes percent-encoded brackets and keeps empty values (Stripe unsets with them)', () => {
    expect(parseFormEncoded('metadata%5Bsi%5D=&metadata%5Bmonth%5D=May')).toEqual({
      metadata: { si: '', month: 'May' },
    });
  });

  it.each([
    ['a=1&a[b]=2', 'a scalar and an object at one key'],
    ['a[b]=1&a[b]=2', 'a duplicate key'],
    ['a[__proto__][x]=1', 'a prototype key'],
    ['a]b=1', 'a malformed key'],
  ])('rejects %s (%s) with a 400', (text) => {
    let caught: unknown;
    try {
      parseFormEncoded(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StripeApiError);
    expect((caught as StripeApiError).status).toBe(400);
  });
});
