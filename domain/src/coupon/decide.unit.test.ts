import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DomainEvent } from '@building/events/catalogue';
import { specFor } from '../testing/given-when-then.ts';
import { admin, member, user } from '../testing/fixtures.ts';
import { couponAggregate, type CouponState } from './coupon.ts';
import { couponIdFor } from './coupon-id.ts';
import { decideCoupon, type CouponCommand } from './decide.ts';

const given = specFor<CouponCommand, CouponState>({ ...couponAggregate, decide: decideCoupon });

const couponId = couponIdFor('SAVE10');
const add = (by = admin): CouponCommand => ({
  type: 'AddCoupon',
  data: { couponId, code: 'SAVE10', discount: 10, description: 'Ten off', by },
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
  it('cannot be toggled', () => {
    given().when(disable()).thenFails('coupon-not-found');
    given().when(enable()).thenFails('coupon-not-found');
  });
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
