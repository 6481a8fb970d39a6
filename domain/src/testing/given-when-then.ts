import { expect } from 'vitest';
import type { DomainEvent } from '@building/events/catalogue';
import { DomainError } from '@building/events/domain-error';
import type { RefusalCode } from '@building/events/refusals';
import type { Aggregate } from '../command-handling/aggregate.ts';

/** An aggregate with its decide function: what a given/when/then test exercises. */
export interface Decider<C, S> extends Aggregate<S> {
  decide: (command: C, state: S) => DomainEvent[];
}

export interface Outcome {
  /** The decision records exactly these events, in this order. */
  then(...expected: DomainEvent[]): void;
  /** The decision records nothing (an idempotent repeat), and does not fail. */
  thenNothing(): void;
  /** The decision is refused by this business rule (with a detail matching `detail`). */
  thenFails(code: RefusalCode, detail?: RegExp): void;
}

/**
 * Business rules read as `given(history).when(command).then(events)`. The history is folded with
 * the aggregate's own evolve, so the tests also pin down how state is rebuilt.
 */
export function specFor<C, S>(decider: Decider<C, S>) {
  return function given(...history: DomainEvent[]) {
    return {
      when(command: C): Outcome {
        const decide = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState()));
        return {
          then(...expected) {
            expect(decide()).toEqual(expected);
          },
          thenNothing() {
            expect(decide()).toEqual([]);
          },
          thenFails(code, detail) {
            let failure: unknown;
            try {
              decide();
            } catch (error) {
              failure = error;
            }
            expect(failure, 'the command should have been refused').toBeInstanceOf(DomainError);
            const refusal = failure as DomainError;
            expect({ code: refusal.code, detail: refusal.message }).toMatchObject({ code });
            if (detail) expect(refusal.message).toMatch(detail);
          },
        };
      },
    };
  };
}
