import { describe, it } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { specFor } from '../testing/given-when-then.ts';
import { admin, member, now } from '../testing/fixtures.ts';
import { decideExpense, type ExpenseCommand, type ExpenseStreams } from './decide.ts';
import { evolveExpense, initialExpenseState } from './expense.ts';

// The history's expense events fold into the expense stream, the plan's into the plan stream.
const given = specFor<ExpenseCommand, ExpenseStreams>({
  initialState: () => ({ expense: initialExpenseState(), plan: initialExpenseState() }),
  evolve: (state, event) =>
    event.type.startsWith('Recurring')
      ? { ...state, plan: evolveExpense(state.plan, event) }
      : { ...state, expense: evolveExpense(state.expense, event) },
  decide: decideExpense,
});

const expenseId = '11111111-1111-4111-8111-111111111111';
const recurringId = '22222222-2222-4222-8222-222222222222';
const receipt = 'http://command.test/images/55555555-5555-4555-8555-555555555555';
// `now` is 2026-11-01T10:00Z: 16:00 on 1 November in Dhaka.
const entry = {
  date: '2026-10-30',
  category: 'repairs' as const,
  vendor: 'Karim Plumbing',
  amountPoisha: 350_050,
  description: 'Roof tank valve',
  receipt,
  paidFrom: 'cash' as const,
};
const record = (more: Partial<typeof entry> = {}, by = admin): ExpenseCommand => ({
  type: 'RecordExpense',
  data: { expenseId, ...entry, ...more, by, now },
});
const Recorded: DomainEvent = {
  type: 'ExpenseRecorded',
  data: {
    expenseId,
    ...entry,
    recurringId: null,
    recordedBy: admin.email,
    recordedAt: now.toISOString(),
  },
};
const reverse = (by = admin): ExpenseCommand => ({
  type: 'ReverseExpense',
  data: { expenseId, reason: 'Entered twice', by, now },
});
const Reversed: DomainEvent = {
  type: 'ExpenseReversed',
  data: {
    expenseId,
    date: entry.date,
    category: 'repairs',
    amountPoisha: 350_050,
    paidFrom: 'cash',
    reason: 'Entered twice',
    reversedBy: admin.email,
    reversedAt: now.toISOString(),
  },
};

const salaries = {
  category: 'salaries' as const,
  vendor: 'Guards',
  amountPoisha: 2_400_000,
  description: "The guards' salaries",
  paidFrom: 'bank' as const,
  dayOfMonth: 1,
};
const PlanSet: DomainEvent = {
  type: 'RecurringExpenseSet',
  data: { recurringId, ...salaries, setBy: admin.email, setAt: now.toISOString() },
};
const Stopped: DomainEvent = {
  type: 'RecurringExpenseStopped',
  data: { recurringId, stoppedBy: admin.email, stoppedAt: now.toISOString() },
};
const { dayOfMonth: _day, ...issuedTerms } = salaries;
const issue = (date = '2026-11-01'): ExpenseCommand => ({
  type: 'IssueRecurringExpense',
  data: { expenseId, recurringId, date, now },
});

describe('rule: an admin records an expense that has happened', () => {
  it('records it, with its receipt photo', () => given().when(record()).then(Recorded));
  it("takes today's date, as Dhaka counts it", () =>
    given()
      .when(record({ date: '2026-11-01' }))
      .then({ ...Recorded, data: { ...Recorded.data, date: '2026-11-01' } } as DomainEvent));
  it('refuses a date in the future', () =>
    given()
      .when(record({ date: '2026-11-02' }))
      .thenFails('expense-date-in-future', /2026-11-02/));
  it('is for admins only', () => given().when(record({}, member())).thenFails('admin-only'));
  it('records an id once', () => given(Recorded).when(record()).thenFails('expense-already-recorded'));
});

describe('rule: an expense entered in error is reversed once, with a reason', () => {
  it('reverses it, naming what it took back', () => given(Recorded).when(reverse()).then(Reversed));
  it('refuses a reversal of a reversal', () =>
    given(Recorded, Reversed).when(reverse()).thenFails('expense-already-reversed'));
  it('refuses an expense never recorded', () => given().when(reverse()).thenFails('expense-not-found'));
  it('is for admins only', () => given(Recorded).when(reverse(member())).thenFails('admin-only'));
});

describe('rule: a recurring expense is issued once per period while it runs', () => {
  it('is set by an admin', () =>
    given()
      .when({ type: 'SetRecurringExpense', data: { recurringId, ...salaries, by: admin, now } })
      .then(PlanSet));
  it("issues the period's expense as the scheduler", () =>
    given(PlanSet)
      .when(issue())
      .then({
        type: 'ExpenseRecorded',
        data: {
          expenseId,
          date: '2026-11-01',
          ...issuedTerms,
          receipt: null,
          recurringId,
          recordedBy: 'scheduler',
          recordedAt: now.toISOString(),
        },
      }));
  it('refuses a period already issued (another scheduler got there first)', () =>
    given(PlanSet, Recorded).when(issue()).thenFails('expense-already-recorded'));
  it('refuses a period not yet come', () =>
    given(PlanSet).when(issue('2026-12-01')).thenFails('expense-date-in-future'));
  it('issues nothing once stopped', () =>
    given(PlanSet, Stopped).when(issue()).thenFails('recurring-expense-stopped'));
  it('stops once: a second stop changes nothing', () => {
    const stop: ExpenseCommand = { type: 'StopRecurringExpense', data: { recurringId, by: admin, now } };
    given(PlanSet).when(stop).then(Stopped);
    given(PlanSet, Stopped).when(stop).thenNothing();
    given().when(stop).thenFails('recurring-expense-not-found');
  });
});
