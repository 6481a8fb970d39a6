import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DomainEvent } from '@building/events/catalogue';
import { specFor } from '../testing/given-when-then.ts';
import { admin, member, user } from '../testing/fixtures.ts';
import { couponAggregate, type CouponLimits, type CouponState } from './coupon.ts';
import { couponIdFor } from './coupon-id.ts';
import { decideCoupon, type CouponCommand, type CouponTerms } from './decide.ts';

const given = specFor<CouponCommand, CouponState>({ ...couponAggregate, decide: decideCoupon });

const couponId = couponIdFor('SAVE10');
// 20:00 UTC on 9 March is already 10 March in Dhaka.
const now = new Date('2026-03-09T20:00:00Z');
const noLimits = { expiresOn: null, usageLimit: null };
const add = (by = admin, limits: CouponLimits = noLimits): CouponCommand => ({
  type: 'AddCoupon',
  data: { couponId, code: 'SAVE10', discount: 10, description: 'Ten off', ...limits, by, now },
});
const edit = (terms: Partial<CouponTerms> = {}, by = admin): CouponCommand => ({
  type: 'EditCoupon',
  data: { couponId, discount: 10, description: 'Ten off', ...noLimits, ...terms, by, now },
});
const limitsSet = (expiresOn: string | null, usageLimit: number | null): DomainEvent => ({
  type: 'CouponLimitsSet',
  data: { couponId, expiresOn, usageLimit },
});
const redeemed = (month: 'January' | 'February'): DomainEvent => ({
  type: 'CouponRedeemed',
  data: { couponId, si: 3, month, year: 2026, paymentIntentId: `pi_${month}` },
});
const disable = (by = admin): CouponCommand => ({ type: 'DisableCoupon', data: { couponId, by } });
const enable = (by = admin): CouponCommand => ({ type: 'EnableCoupon', data: { couponId, by } });
const added: DomainEvent = {
  type: 'CouponAdded',
  data: { couponId, code: 'SAVE10', discount: 10, description: 'Ten off' },
};

describe('a coupon code nobody has used', () => {
  it('is added by an admin', () => given().when(add()).then(added));
  it('is not added by a user or a member', () => {
    given().when(add(user())).thenFails('admin-only');
    given().when(add(member())).thenFails('admin-only');
  });
  it('cannot be toggled or edited', () => {
    given().when(disable()).thenFails('coupon-not-found');
    given().when(enable()).thenFails('coupon-not-found');
    given().when(edit()).thenFails('coupon-not-found');
  });
  it('is added with a last day (today at the earliest, Dhaka) and a limit of uses', () => {
    given()
      .when(add(admin, { expiresOn: '2026-03-10', usageLimit: 20 }))
      .then(added, limitsSet('2026-03-10', 20));
    given()
      .when(add(admin, { expiresOn: '2026-03-09', usageLimit: null }))
      .thenFails('coupon-expiry-past', /2026-03-09/);
  });
});

describe('editing a coupon', () => {
  it('records its new discount and words, and its new limits, apart', () => {
    given(added)
      .when(edit({ discount: 15, description: 'Fifteen off' }))
      .then({ type: 'CouponEdited', data: { couponId, discount: 15, description: 'Fifteen off' } });
    given(added)
      .when(edit({ expiresOn: '2026-04-30', usageLimit: 5 }))
      .then(limitsSet('2026-04-30', 5));
    given(added, limitsSet('2026-04-30', 5)).when(edit()).then(limitsSet(null, null));
  });
  it('records nothing when the terms are as they were', () =>
    given(added, limitsSet('2026-04-30', 5))
      .when(edit({ expiresOn: '2026-04-30', usageLimit: 5 }))
      .thenNothing());
  it('refuses a last day before today, unless it was already that day', () => {
    given(added)
      .when(edit({ expiresOn: '2026-03-01' }))
      .thenFails('coupon-expiry-past');
    given(added, limitsSet('2026-03-01', null))
      .when(edit({ expiresOn: '2026-03-01', description: 'Was ten off' }))
      .then({ type: 'CouponEdited', data: { couponId, discount: 10, description: 'Was ten off' } });
  });
  it('refuses a limit below the completed payments that used it', () => {
    given(added, redeemed('January'), redeemed('February'))
      .when(edit({ usageLimit: 1 }))
      .thenFails('coupon-limit-below-uses', /used 2 times/);
    given(added, redeemed('January'), redeemed('February'))
      .when(edit({ usageLimit: 2 }))
      .then(limitsSet(null, 2));
  });
  it('is done by admins only', () =>
    given(added)
      .when(edit({ discount: 50 }, member()))
      .thenFails('admin-only'));
});

describe('an available coupon', () => {
  it('refuses its code a second time', () =>
    given(added)
      .when(add())
      .thenFails('coupon-code-taken', /already used/));
  it('is disabled by an admin', () =>
    given(added).when(disable()).then({ type: 'CouponDisabled', data: { couponId } }));
  it('enabling it again records nothing', () => given(added).when(enable()).thenNothing());
  it('is not disabled by a member', () => given(added).when(disable(member())).thenFails('admin-only'));
});

describe('an unavailable coupon', () => {
  const history: DomainEvent[] = [added, { type: 'CouponDisabled', data: { couponId } }];
  it('is enabled by an admin', () =>
    given(...history)
      .when(enable())
      .then({ type: 'CouponEnabled', data: { couponId } }));
  it('disabling it again records nothing', () =>
    given(...history)
      .when(disable())
      .thenNothing());
});

describe('coupon ids', () => {
  it('are one per code, whatever its case or surrounding spaces, and valid UUIDs', () => {
    expect(couponIdFor(' save10 ')).toBe(couponId);
    expect(couponIdFor('SAVE11')).not.toBe(couponId);
    expect(z.string().uuid().safeParse(couponId).success).toBe(true);
  });
});
