import type { Knex } from 'knex';
import { rentDuePostings } from '@building/domain/books/rent-due';
import {
  monthLinesOf,
  paymentEventTypes,
  statementsOf,
  type MonthLines,
} from '@building/domain/books/statements';
import type { MonthStatement } from '@building/events/books/statement';
import { journalView } from '@building/events/read-models/journal';
import { tableNames } from '@building/events/read-models/read-model';
import { startOfBuildingDay } from '@building/events/rent-ledger/building-calendar';
import { journalLeases } from './journal-reads.ts';

const lines = tableNames(journalView).lines;
const payments = paymentEventTypes.map((t) => `'${t}'`).join(', ');

/** The first moment of a Dhaka month (`YYYY-MM`), `later` months on. */
const monthStart = (month: string, later = 0) =>
  startOfBuildingDay(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + later, 1);

/**
 * The statements of `months` (consecutive, oldest first) from the journal view: Postgres sums the
 * stored lines by Dhaka month and account (residents' receivables as one; before the first month
 * only the balances' lines, as '0000-00'), and the rent the leases billed by the last month's end
 * is added from the leases. A few dozen rows come back, however many payments the months hold.
 */
export async function statementsFor(db: Knex, months: readonly string[]): Promise<MonthStatement[]> {
  const start = monthStart(months[0]!);
  const end = new Date(monthStart(months.at(-1)!, 1).getTime() - 1);
  const { rows } = await db.raw<{
    rows: Array<{ month: string; account: string; payment: boolean; debit: string; credit: string }>;
  }>(
    `select case when "at" < :start then '0000-00'
                 else to_char(("at" at time zone 'UTC') + interval '6 hours', 'YYYY-MM') end as month,
            case when account like 'receivable:%' then 'receivable:' else account end as account,
            event_type in (${payments}) as payment,
            sum(debit_poisha)::text as debit,
            sum(credit_poisha)::text as credit
       from ${lines}
      where "at" <= :end and ("at" >= :start or account like 'receivable:%' or account = 'deposits-held')
      group by 1, 2, 3`,
    { start, end },
  );
  const stored: MonthLines[] = rows.map((r) => ({
    month: r.month,
    account: r.account,
    payment: r.payment,
    debitPoisha: Number(r.debit),
    creditPoisha: Number(r.credit),
  }));
  const rent = (await journalLeases(db)).flatMap((lease) => rentDuePostings(lease, end));
  return statementsOf([...stored, ...monthLinesOf(rent)], months);
}
