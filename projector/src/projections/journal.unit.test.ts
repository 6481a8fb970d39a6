import { describe, expect, it } from 'vitest';
import { journalAt, journalEventTypes } from '@building/domain/books/journal';
import { moneyHistory } from '@building/domain/testing/money-history';
import { streamOf } from '@building/events/catalogue';
import type { DecodedEvent } from '@building/events/decode-event';
import { applyLedgerEvent, noLedgerFacts } from '@building/events/rent-ledger/ledger-facts';
import { given, rowsOf } from '../testing/given-events.ts';
import { journal } from './journal.ts';

const historyOf = (seed: number): DecodedEvent[] =>
  given(...moneyHistory(seed).map((e): [string, typeof e] => [streamOf(e), e]));

/** The stored lines as the journal's fold has them: entry by entry, in order. */
const storedLines = (rows: Record<string, unknown>[]) =>
  rows
    .map((r) => ({
      entry: r.entry_id,
      n: r.n,
      at: new Date(r.at as string).toISOString(),
      account: r.account,
      debit: r.debit_poisha,
      credit: r.credit_poisha,
    }))
    .sort((a, b) => String(a.entry).localeCompare(String(b.entry)) || Number(a.n) - Number(b.n));

describe('projection: the journal', () => {
  it('is built from the money events and the leases, and from nothing else', () => {
    expect([...journal.handles].sort()).toEqual([...journalEventTypes].sort());
  });

  it.each([1, 2, 3])(
    'holds each money event as the posting function posts it, the same when applied twice (history %i)',
    (seed) => {
      const events = historyOf(seed);
      const rows = rowsOf(journal, events);
      expect(rowsOf(journal, events, 2)).toEqual(rows);
      const folded = journalAt(events, new Date('2100-01-01T00:00:00Z')).filter(
        (e) => !e.id.startsWith('rent-'),
      );
      expect(storedLines(rows.lines!)).toEqual(
        storedLines(
          folded.flatMap((e) =>
            e.lines.map((l, n) => ({
              entry_id: e.id,
              n,
              at: e.at,
              account: l.account,
              debit_poisha: l.debitPoisha,
              credit_poisha: l.creditPoisha,
            })),
          ),
        ),
      );
      // The leases as the log's own fold keeps them: each with its end, if it ended.
      const facts = events.reduce(applyLedgerEvent, noLedgerFacts());
      expect(Object.fromEntries(rows.leases!.map((l) => [l.lease_id, l.ended_at]))).toEqual(
        Object.fromEntries(Object.values(facts.leases).map((l) => [l.leaseId, l.endedAt])),
      );
    },
  );
});
