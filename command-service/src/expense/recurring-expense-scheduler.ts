import { decodeEvent } from '@building/events/decode-event';
import { DomainError } from '@building/events/domain-error';
import {
  startOfLog,
  type PostgresEventStore,
  type TailCheckpoint,
} from '@building/infra/event-store/event-store';
import { createCommandContext } from '@building/domain/command-handling/command-context';
import { issueRecurringExpense } from '@building/domain/expense/commands';
import {
  applyRecurringEvent,
  noRecurringFacts,
  recurringEventTypes,
  recurringPeriodsDue,
  type RecurringFacts,
} from '@building/domain/expense/recurring-periods';

export interface RecurringExpenseScheduler {
  /** One pass: catch up with the log, issue what is due. Resolves to the expenses issued. */
  runOnce(): Promise<number>;
}

/** Refusals that only mean someone else got there first (another instance), or the plan stopped meanwhile. */
const settledMeanwhile = new Set(['expense-already-recorded', 'recurring-expense-stopped']);
const known = new Set<string>(recurringEventTypes);

/**
 * Issues recurring expenses (the guards' salaries on the 1st), once per period: it folds the plans
 * and the periods issued from the log (tailing it gap-free), and each pass issues the periods due.
 * A period's expense id is derived from the plan and the period, so two instances race on one
 * stream and the loser is refused: each period is recorded exactly once. It runs beside the rent
 * reminders (reminders/), on their wake.
 */
export function createRecurringExpenseScheduler(options: {
  store: PostgresEventStore;
  now: () => Date;
  log: (line: string) => void;
}): RecurringExpenseScheduler {
  const { store, log } = options;
  const commands = createCommandContext({ store });
  let facts: RecurringFacts = noRecurringFacts();
  let checkpoint: TailCheckpoint = startOfLog;

  async function catchUp() {
    for (;;) {
      const page = await store.readAfter(checkpoint);
      for (const event of page.events) {
        if (!known.has(event.type)) continue;
        try {
          facts = applyRecurringEvent(facts, decodeEvent(event));
        } catch (error) {
          log(`skipped ${event.stream} v${event.version}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      checkpoint = page.checkpoint;
      if (page.events.length === 0) return;
    }
  }

  async function runOnce(): Promise<number> {
    await catchUp();
    let issued = 0;
    const now = options.now();
    for (const period of recurringPeriodsDue(facts, now)) {
      try {
        const result = await issueRecurringExpense(commands, { ...period, now });
        if (result.events.length > 0) {
          issued++;
          log(`issued recurring expense ${period.recurringId} for ${period.date}`);
        }
      } catch (error) {
        if (!(error instanceof DomainError && settledMeanwhile.has(error.code))) throw error;
      }
      // Known issued either way: the next pass does not ask again.
      facts.issued.add(`${period.recurringId}/${period.date}`);
    }
    return issued;
  }

  return { runOnce };
}
