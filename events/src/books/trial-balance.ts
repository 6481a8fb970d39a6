import { z } from 'zod';

/** What a trial balance needs of a journal line: its account and its sides, in poisha. */
export interface BalanceLine {
  account: string;
  debitPoisha: number;
  creditPoisha: number;
}

export const trialBalanceSchema = z.object({
  /** `balance` = debit - credit (positive: a debit balance), all in taka. */
  accounts: z.array(
    z.object({ account: z.string(), debit: z.number(), credit: z.number(), balance: z.number() }),
  ),
  totalDebit: z.number(),
  totalCredit: z.number(),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

const taka = (poisha: number) => poisha / 100;

/** Sums each account's debits and credits (in poisha, exact), then answers in taka, accounts by name. */
export function trialBalanceOf(lines: Iterable<BalanceLine>): TrialBalance {
  const sums = new Map<string, { debit: number; credit: number }>();
  for (const line of lines) {
    const sum = sums.get(line.account) ?? { debit: 0, credit: 0 };
    sum.debit += line.debitPoisha;
    sum.credit += line.creditPoisha;
    sums.set(line.account, sum);
  }
  const accounts = [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([account, { debit, credit }]) => ({
      account,
      debit: taka(debit),
      credit: taka(credit),
      balance: taka(debit - credit),
    }));
  let totalDebit = 0;
  let totalCredit = 0;
  for (const { debit, credit } of sums.values()) {
    totalDebit += debit;
    totalCredit += credit;
  }
  return { accounts, totalDebit: taka(totalDebit), totalCredit: taka(totalCredit) };
}
