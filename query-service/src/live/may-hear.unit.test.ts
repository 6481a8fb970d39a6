import { describe, expect, it } from 'vitest';
import { mayHear } from './events-stream.ts';

describe('who hears which view change', () => {
  const admin = { email: 'admin@building.test', role: 'admin' as const };
  const erin = { email: 'erin@building.test', role: 'user' as const };
  const change = (view: Parameters<typeof mayHear>[0]['view'], owner: string | null = null) => ({
    view,
    position: 1,
    owner,
  });

  it.each([
    ['apartments', null, [true, true, true]],
    ['coupons', null, [true, true, true]],
    ['announcements', null, [false, true, true]],
    ['agreement-requests', 'erin@building.test', [false, true, true]],
    ['agreement-requests', 'bob@building.test', [false, false, true]],
    ['payments', 'bob@building.test', [false, false, true]],
    // An announcement belongs to no one account: every resident's bell hears of it.
    ['notifications', null, [false, true, true]],
    ['statistics', null, [false, false, true]],
    ['members', null, [false, false, true]],
  ] as const)('%s (owner %s): anonymous, erin, admin -> %j', (view, owner, expected) => {
    expect([null, erin, admin].map((caller) => mayHear(change(view, owner), caller))).toEqual(expected);
  });
});
