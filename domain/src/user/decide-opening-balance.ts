import type { DomainEvent } from '@building/events/catalogue';
import { refuse } from '@building/events/domain-error';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { requireAdmin, type Caller } from '../command-handling/caller.ts';
import type { OpeningBalance, UserState } from './user.ts';

export interface RecordOpeningBalance extends OpeningBalance {
  email: string;
  by: Caller;
  now: Date;
}

/**
 * A resident's arrears or credit when the books moved here: once per person. The same balance
 * again records nothing (an import run twice), another one is refused: a later change of what they
 * owe is a charge, a payment or a reversal, as for everyone.
 */
export function decideOpeningBalance(
  { email, by, now, ...balance }: RecordOpeningBalance,
  state: UserState,
): DomainEvent[] {
  requireAdmin(by, 'record an opening balance');
  if (state.status !== 'registered') throw refuse('user-not-found', `no user ${email}`);
  if (balance.asOf > buildingDate(now))
    throw refuse(
      'opening-balance-date-in-future',
      `an opening balance as of ${balance.asOf} is in the future`,
      {
        fields: [{ field: 'asOf', message: 'in the future' }],
      },
    );
  const recorded = state.openingBalance;
  if (recorded) {
    if (
      recorded.kind === balance.kind &&
      recorded.amountPoisha === balance.amountPoisha &&
      recorded.asOf === balance.asOf
    )
      return [];
    throw refuse(
      'opening-balance-already-recorded',
      `${email} already has an opening balance (${recorded.kind} of ${recorded.amountPoisha} poisha as of ${recorded.asOf})`,
    );
  }
  return [
    {
      type: 'OpeningBalanceRecorded',
      data: { email: state.email, ...balance, recordedAt: now.toISOString() },
    },
  ];
}
