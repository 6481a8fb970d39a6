import { problemTypeOf, refusalCodes } from '@building/events/refusals';
import { afterEach, describe, expect, it } from 'vitest';
import { bn } from '../i18n/bn.ts';
import { en } from '../i18n/en.ts';
import { i18next } from '../i18n/i18n.ts';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';

const texts = (translation: typeof en | typeof bn) => translation.refusals as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
const refused = (code: string, detail: string) =>
  new ApiError(detail, 409, problemTypeOf(code as (typeof refusalCodes)[number]));

describe('refusal messages', () => {
  afterEach(() => i18next.changeLanguage('en'));

  it('has an English and a Bangla message for every refusal code, and no other', () => {
    for (const translation of [en, bn]) {
      const own = Object.keys(texts(translation));
      expect(own.filter((key) => !key.includes('_')).sort()).toEqual([...refusalCodes].sort());
      for (const code of refusalCodes) expect(texts(translation)[code]).toMatch(/\S/);
    }
    for (const key of Object.keys(texts(en))) {
      expect(texts(bn)[key], key).not.toBe(texts(en)[key]);
      expect(placeholders(texts(bn)[key] ?? ''), key).toEqual(placeholders(texts(en)[key] ?? ''));
    }
  });

  it('names the apartment by its name, never the serial the server wrote, in either language', async () => {
    const booked = refused('apartment-already-booked', 'apartment 7 is already booked');
    expect(errorMessage(booked, undefined, { apartment: '1B01' })).toBe('Apartment 1B01 is already booked.');
    expect(errorMessage(booked)).toBe('The apartment is already booked.');
    const paid = refused('rent-already-paid', 'the rent of apartment 7 for March 2026 is already paid');
    expect(errorMessage(paid, undefined, { apartment: '1B01', month: 'March 2026' })).toBe(
      'The rent of apartment 1B01 for March 2026 is already paid.',
    );
    // With the month unknown, the text that needs only the apartment.
    expect(errorMessage(paid, undefined, { apartment: '1B01' })).toBe(
      'The rent of apartment 1B01 for this month is already paid.',
    );
    await i18next.changeLanguage('bn');
    expect(errorMessage(booked, undefined, { apartment: '1B01' })).toBe(
      'অ্যাপার্টমেন্ট 1B01 আগেই ভাড়া হয়ে গেছে।',
    );
    // A rule with no apartment in its words says its own text whatever the screen knows.
    expect(
      errorMessage(refused('coupon-unavailable', 'coupon X is not available'), undefined, {
        apartment: '1B01',
      }),
    ).toBe(bn.refusals['coupon-unavailable']);
  });

  it('names the refused fields of an invalid request', () => {
    const invalid = new ApiError('bad', 400, problemTypeOf('invalid-input'), [
      { field: 'discount', message: 'must be between 1 and 100' },
    ]);
    expect(errorMessage(invalid)).toBe('Some of what was sent is not valid: check discount.');
  });

  it("falls back to the server's detail for a problem type it does not know, else to the fallback", () => {
    expect(errorMessage(new ApiError('The moon is full', 409, '/problems/moon-full'))).toBe(
      'The moon is full',
    );
    expect(errorMessage(new ApiError('no route GET /nowhere', 404, 'about:blank'))).toBe(
      'no route GET /nowhere',
    );
    expect(errorMessage('thrown text', 'Something went wrong.')).toBe('Something went wrong.');
  });

  it("says a problem whose status says it all in the reader's language, not the server's detail", async () => {
    await i18next.changeLanguage('bn');
    expect(errorMessage(new ApiError('something went wrong on our side', 500, 'about:blank'))).toBe(
      bn.api.serverFailed,
    );
    expect(errorMessage(new ApiError('Request failed: 502 Bad Gateway', 502))).toBe(bn.api.serverFailed);
    expect(errorMessage(new ApiError('slow down: try again in 3 s', 429, 'about:blank'))).toBe(
      bn.api.tooManyRequests,
    );
    expect(errorMessage(new ApiError('request entity too large', 413, 'about:blank'))).toBe(bn.api.tooLarge);
    expect(errorMessage(new ApiError('sign in first', 401, 'about:blank'))).toBe(bn.api.signInAgain);
    expect(errorMessage(new ApiError('the views are rebuilding', 503, 'about:blank'))).toBe(
      bn.api.unavailable,
    );
  });
});
