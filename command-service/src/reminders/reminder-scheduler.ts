import { decodeEvent } from '@building/events/decode-event';
import { DomainError } from '@building/events/domain-error';
import {
  applyLedgerEvent,
  ledgerEventTypes,
  noLedgerFacts,
  type LedgerFacts,
} from '@building/events/rent-ledger/ledger-facts';
import {
  startOfLog,
  type PostgresEventStore,
  type TailCheckpoint,
} from '@building/infra/event-store/event-store';
import { createCommandContext } from '@building/domain/command-handling/command-context';
import { countCommands } from '@building/infra/metrics/count-commands';
import { issueRentReminder } from '@building/domain/payments/commands';
import type { RentReminderRequest } from '@building/domain/payments/issue-rent-reminder';
import { remindersDue } from './reminders-due.ts';

export interface ReminderSchedulerOptions {
  store: PostgresEventStore;
  /** How often it wakes. */
  intervalMs: number;
  /** The scheduler's clock (tests move it; the process may be started at another moment). */
  now: () => Date;
  log: (line: string) => void;
  /** Run after each pass, on the same wake (the recurring expenses). */
  afterPass?: () => Promise<unknown>;
}

export interface ReminderScheduler {
  /** One pass: catch up with the log, issue what is due. Resolves to the reminders issued. */
  runOnce(): Promise<number>;
  /** Wakes every `intervalMs` from now on, each time for one pass. */
  start(): void;
  stop(): Promise<void>;
}

/** Refusals that only mean someone else got there first (another instance, a payment, a demotion). */
const settledMeanwhile = new Set(['reminder-already-issued', 'rent-already-paid', 'no-active-lease']);
const known = new Set<string>(ledgerEventTypes);

/**
 * The rent reminder scheduler: folds leases, payments and reminders from the event store (tailing
 * it gap-free, like the projector), and on each wake issues the reminders due at that moment
 * through the payment aggregate. It keeps nothing of its own: after a restart it folds the log
 * again and finds the reminders it issued there; several instances race on the payment stream's
 * version and the loser is refused, so each reminder is recorded exactly once.
 */
export function createReminderScheduler(options: ReminderSchedulerOptions): ReminderScheduler {
  const { store, log } = options;
  const commands = createCommandContext({ store, observer: countCommands });
  let facts: LedgerFacts = noLedgerFacts();
  let checkpoint: TailCheckpoint = startOfLog;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);

  async function catchUp() {
    for (;;) {
      const page = await store.readAfter(checkpoint);
      for (const event of page.events) {
        if (!known.has(event.type)) continue;
        try {
          facts = applyLedgerEvent(facts, decodeEvent(event));
        } catch (error) {
          log(`skipped ${event.stream} v${event.version}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      checkpoint = page.checkpoint;
      if (page.events.length === 0) return;
    }
  }

  async function issue(request: RentReminderRequest): Promise<boolean> {
    try {
      const result = await issueRentReminder(commands, request);
      return result.events.length > 0;
    } catch (error) {
      if (error instanceof DomainError && settledMeanwhile.has(error.code)) return false;
      throw error;
    }
  }

  async function pass(): Promise<number> {
    await catchUp();
    let issued = 0;
    for (const request of remindersDue(facts, options.now())) {
      if (stopped) break;
      if (await issue(request)) {
        issued++;
        log(
          `issued the ${request.kind} reminder of apartment ${request.si} for ${request.month} ${request.year}`,
        );
      }
    }
    return issued;
  }

  function runOnce(): Promise<number> {
    running = running
      .catch(() => 0)
      .then(pass)
      .then(async (issued) => {
        await options.afterPass?.();
        return issued;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log(`pass failed, retrying at the next wake: ${String(error)}`))
        .finally(schedule);
    }, options.intervalMs);
  }

  return {
    runOnce,
    start() {
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
