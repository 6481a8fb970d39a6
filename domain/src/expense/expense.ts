import type { DomainEvent, EventData } from '@building/events/catalogue';

/**
 * An expense stream (`expense-<id>`: recorded once, reversed at most once) or a recurring expense's
 * plan (`expense-recurring-<id>`: its latest terms, stopped or not). One aggregate folds both.
 */
export interface ExpenseState {
  recorded: EventData<'ExpenseRecorded'> | null;
  reversed: EventData<'ExpenseReversed'> | null;
  plan: EventData<'RecurringExpenseSet'> | null;
  stopped: boolean;
}

export const initialExpenseState = (): ExpenseState => ({
  recorded: null,
  reversed: null,
  plan: null,
  stopped: false,
});

export function evolveExpense(state: ExpenseState, event: DomainEvent): ExpenseState {
  switch (event.type) {
    case 'ExpenseRecorded':
      return state.recorded ? state : { ...state, recorded: event.data };
    case 'ExpenseReversed':
      return state.reversed ? state : { ...state, reversed: event.data };
    case 'RecurringExpenseSet':
      return { ...state, plan: event.data, stopped: false };
    case 'RecurringExpenseStopped':
      return { ...state, stopped: true };
    default:
      return state;
  }
}

export const expenseAggregate = { initialState: initialExpenseState, evolve: evolveExpense };
