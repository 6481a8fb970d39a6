import { postingOf } from '@building/domain/books/posting';
import { moneyEventTypes, type MoneyEventType } from '@building/domain/books/money-events';
import type { ProjectedEvent } from '@building/events/decode-event';
import { journalView } from '@building/events/read-models/journal';
import { defineProjection, type EventOf } from '../projection.ts';
import type { RowChange } from '../row-changes.ts';
import { column } from '../table-spec.ts';
import { leaseRows, leaseTable } from './lease-rows.ts';

type Table = 'lines' | 'leases';

/**
 * One row per line of the event's posting, keyed by the event and the line's place in it (a
 * redelivery inserts nothing new). What the lines are is the posting function's alone.
 */
function postedLines(event: ProjectedEvent): RowChange<Table>[] {
  const posting = postingOf(event);
  if (!posting) return [];
  return posting.lines.map((line, n) => ({
    table: 'lines',
    insert: {
      line_id: `${event.id}/${n}`,
      entry_id: event.id,
      event_type: event.type,
      n,
      at: posting.at,
      memo: posting.memo,
      account: line.account,
      debit_poisha: line.debitPoisha,
      credit_poisha: line.creditPoisha,
    },
  }));
}

const posted = Object.fromEntries(moneyEventTypes.map((type) => [type, postedLines])) as {
  [T in MoneyEventType]: (event: EventOf<T>) => RowChange<Table>[];
};
const leases = leaseRows<Table>('leases');

/** The journal: every money event's lines as posted, and the leases the rent is billed from. */
export const journal = defineProjection(journalView, {
  tables: {
    lines: {
      key: 'line_id',
      insertOnly: true,
      columns: {
        line_id: column.identifier(),
        entry_id: column.text(),
        /** What posted it: the statements tell a payment from a bill by it. */
        event_type: column.text(),
        n: column.integer(),
        at: column.timestamptz(),
        memo: column.text(),
        account: column.identifier(),
        debit_poisha: column.bigint(),
        credit_poisha: column.bigint(),
      },
      indexes: [['at'], ['account', 'at']],
    },
    leases: leaseTable,
  },
  on: { ...posted, AgreementAccepted: leases.accepted, LeaseEnded: leases.ended },
});
