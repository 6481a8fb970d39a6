import type { DomainEvent, EventData } from '@building/events/catalogue';

/** One lease's deposit (stream deposit-<leaseId>): what it owes, what was paid, its one settlement. */
export interface DepositState {
  owed: EventData<'DepositOwed'> | null;
  payments: EventData<'DepositPaid'>[];
  paidPoisha: number;
  settled: EventData<'DepositSettled'> | null;
}

export const initialDepositState = (): DepositState => ({
  owed: null,
  payments: [],
  paidPoisha: 0,
  settled: null,
});

export function evolveDeposit(state: DepositState, event: DomainEvent): DepositState {
  switch (event.type) {
    case 'DepositOwed':
      return state.owed ? state : { ...state, owed: event.data };
    case 'DepositPaid':
      return {
        ...state,
        payments: [...state.payments, event.data],
        paidPoisha: state.paidPoisha + event.data.amountPoisha,
      };
    case 'DepositSettled':
      return state.settled ? state : { ...state, settled: event.data };
    default:
      return state;
  }
}

export const depositAggregate = { initialState: initialDepositState, evolve: evolveDeposit };
