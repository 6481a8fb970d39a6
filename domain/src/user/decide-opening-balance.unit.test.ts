import { describe, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { specFor } from '../testing/given-when-then.ts';
import { admin, now, registered, user } from '../testing/fixtures.ts';
import { decideUser, type UserCommand } from './decide.ts';
import { userAggregate, type OpeningBalance, type UserState } from './user.ts';

const given = specFor<UserCommand, UserState>({ ...userAggregate, decide: decideUser });

const rafi = user('rafi@building.test', 'Rafi');
const balance: OpeningBalance = {
  kind: 'arrears',
  amountPoisha: 1_250_050,
  asOf: '2026-10-31',
  note: 'two months',
};
const open = (b = balance, by = admin): UserCommand => ({
  type: 'RecordOpeningBalance',
  data: { email: rafi.email, ...b, by, now },
});
const recorded: DomainEvent = {
  type: 'OpeningBalanceRecorded',
  data: { email: rafi.email, ...balance, recordedAt: now.toISOString() },
};

describe("a resident's opening balance", () => {
  it('is recorded once, as of a day', () => given(registered(rafi)).when(open()).then(recorded));
  it('records nothing when the same balance comes again (an import run twice)', () =>
    given(registered(rafi), recorded).when(open()).thenNothing());
  it('refuses another balance once one is recorded', () =>
    given(registered(rafi), recorded)
      .when(open({ ...balance, kind: 'credit' }))
      .thenFails('opening-balance-already-recorded', /arrears of 1250050/));
  it('is refused for a day after today (Dhaka)', () =>
    given(registered(rafi))
      .when(open({ ...balance, asOf: '2026-11-02' }))
      .thenFails('opening-balance-date-in-future'));
  it('is refused for someone not recorded', () => given().when(open()).thenFails('user-not-found'));
  it('is an admin’s to record', () =>
    given(registered(rafi)).when(open(balance, rafi)).thenFails('admin-only'));
});
