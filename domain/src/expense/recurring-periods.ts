import type { DomainEvent, EventData } from '@building/events/catalogue';
import { buildingToday } from './decide.ts';

/** What a scheduler needs of the log to know which recurring expenses are due: plans, and periods issued. */
export interface RecurringFacts {
  plans: Record<string, { plan: EventData<'RecurringExpenseSet'>; stopped: boolean }>;
  /** `<recurringId>/<date>` of every period already issued. */
  issued: Set<string>;
}

export const noRecurringFacts = (): RecurringFacts => ({ plans: {}, issued: new Set() });
export const recurringEventTypes = [
  'RecurringExpenseSet',
  'RecurringExpenseStopped',
  'ExpenseRecorded',
] as const;

/** Folds one event into `facts` in place (a fold owns its facts). */
export function applyRecurringEvent(facts: RecurringFacts, event: DomainEvent): RecurringFacts {
  switch (event.type) {
    case 'RecurringExpenseSet':
      facts.plans[event.data.recurringId] = { plan: event.data, stopped: false };
      break;
    case 'RecurringExpenseStopped': {
      const known = facts.plans[event.data.recurringId];
      if (known) facts.plans[event.data.recurringId] = { ...known, stopped: true };
      break;
    }
    case 'ExpenseRecorded':
      if (event.data.recurringId) facts.issued.add(`${event.data.recurringId}/${event.data.date}`);
      break;
    default:
  }
  return facts;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The periods due at `now` and not yet issued: for each running plan, its day of every month from
 * the first such day on or after it was set, up to today (Dhaka), oldest first. A scheduler that was
 * down catches up the months it missed.
 */
export function recurringPeriodsDue(
  facts: RecurringFacts,
  now: Date,
): Array<{ recurringId: string; date: string }> {
  const today = buildingToday(now);
  const due: Array<{ recurringId: string; date: string }> = [];
  for (const { plan, stopped } of Object.values(facts.plans)) {
    if (stopped) continue;
    const setOn = buildingToday(new Date(plan.setAt));
    let year = Number(setOn.slice(0, 4));
    let month = Number(setOn.slice(5, 7));
    for (;;) {
      const date = `${year}-${pad(month)}-${pad(plan.dayOfMonth)}`;
      if (date > today) break;
      if (date >= setOn && !facts.issued.has(`${plan.recurringId}/${date}`))
        due.push({ recurringId: plan.recurringId, date });
      [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
    }
  }
  return due.sort((a, b) => a.date.localeCompare(b.date));
}
