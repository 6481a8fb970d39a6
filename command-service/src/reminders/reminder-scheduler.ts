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
import { ledgersAt } from '@building/events/rent-ledger/lease-ledger';
import { chargeLateFee, issueServiceCharge } from '@building/domain/account/scheduled-charges';
import type { CommandResult } from '@building/domain/command-handling/handle-command';
import { createCommandContext } from '@building/domain/command-handling/command-context';
import { countCommands } from '@building/infra/metrics/count-commands';
import { issueRentReminder } from '@building/domain/payments/commands';
import {
  applyChargeScheduleEvent,
  chargeScheduleEventTypes,
  lateFeesDue,
  noChargeSchedule,
  serviceChargesDue,
} from './charge-schedule.ts';
import { remindersDue } from './reminders-due.ts';

export interface ReminderSchedulerOptions {
  store: PostgresEventStore;
  /** How often it wakes. */
  intervalMs: number;
  /** The scheduler's clock (tests move it; the process may be started at another moment). */
  now: () => Date;
  /** The late fee's percent of a month's unpaid rent (0: none). */
  lateFeePercent?: number;
  log: (line: string) => void;
  /** Run after each pass, on the same wake (the recurring expenses). */
  afterPass?: () => Promise<unknown>;
}

export interface ReminderScheduler {
  /** One pass: catch up with the log, issue what is due. Resolves to the reminders and charges issued. */
  runOnce(): Promise<number>;
  /** Wakes every `intervalMs` from now on, each time for one pass. */
  start(): void;
  stop(): Promise<void>;
}

/** Refusals that only mean someone else got there first (another instance, a payment, a demotion). */
const settledMeanwhile = new Set([
  'reminder-already-issued',
  'rent-already-paid',
  'no-active-lease',
  'charge-already-issued',
  'late-fee-already-charged',
  'apartment-not-leased',
]);
const known = new Set<string>([...ledgerEventTypes, ...chargeScheduleEventTypes]);

/**
 * The rent reminder scheduler: folds leases, payments, reminders and charges from the event store
 * (tailing it gap-free, like the projector), and on each wake issues what is due at that moment
 * through the aggregates: the rent reminders, each leased apartment's service charge from the plan
 * (from the 1st) and the late fees (after the due day). It keeps nothing of its own: after a
 * restart it folds the log again and finds what it issued there; several instances race on the
 * payment stream's version and the loser is refused, so each is recorded exactly once.
 */
export function createReminderScheduler(options: ReminderSchedulerOptions): ReminderScheduler {
  const { store, log } = options;
  const commands = createCommandContext({ store, observer: countCommands });
  let facts: LedgerFacts = noLedgerFacts();
  const charges = noChargeSchedule();
  const lateFeePercent = options.lateFeePercent ?? 0;
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
          const decoded = decodeEvent(event);
          facts = applyLedgerEvent(facts, decoded);
          applyChargeScheduleEvent(charges, decoded);
        } catch (error) {
          log(`skipped ${event.stream} v${event.version}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      checkpoint = page.checkpoint;
      if (page.events.length === 0) return;
    }
  }

  /** Runs one command; false when it recorded nothing or someone else got there first. */
  async function issue(command: () => Promise<CommandResult>): Promise<boolean> {
    try {
      const result = await command();
      return result.events.length > 0;
    } catch (error) {
      if (error instanceof DomainError && settledMeanwhile.has(error.code)) return false;
      throw error;
    }
  }

  async function pass(): Promise<number> {
    await catchUp();
    const now = options.now();
    let issued = 0;
    for (const request of remindersDue(facts, now)) {
      if (stopped) return issued;
      if (await issue(() => issueRentReminder(commands, request))) {
        issued++;
        log(
          `issued the ${request.kind} reminder of apartment ${request.si} for ${request.month} ${request.year}`,
        );
      }
    }
    const ledgers = ledgersAt(Object.values(facts.leases), Object.values(facts.settled), now);
    for (const { key, ...m } of serviceChargesDue(charges, ledgers)) {
      if (stopped) return issued;
      const recorded = await issue(() => issueServiceCharge(commands, { ...m, now }));
      // Not recorded here means another instance issued it: its event arrives at the next catch-up.
      charges.serviceIssued.add(key);
      if (recorded) {
        issued++;
        log(`issued the service charge of apartment ${m.si} for ${m.month} ${m.year}`);
      }
    }
    for (const { key, ...m } of lateFeesDue(charges, ledgers, lateFeePercent)) {
      if (stopped) return issued;
      if (await issue(() => chargeLateFee(commands, { ...m, percent: lateFeePercent, now }))) {
        charges.lateFeeCharged.add(key);
        issued++;
        log(`charged the late fee of apartment ${m.si} for ${m.month} ${m.year}`);
      } else charges.quiet.add(key);
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
