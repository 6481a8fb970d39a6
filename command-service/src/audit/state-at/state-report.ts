import { monthNames } from '@building/events/catalogue';
import { alignTable } from '@building/infra/ops/audit-formats';
import type { BuildingState } from './building-state.ts';

const taka = (poisha: number) => (poisha / 100).toFixed(2);

/** The state as aligned tables: apartments held, coupons, payments, the rent ledger, the accounts, the prices. */
export function stateReport(state: BuildingState): string[] {
  const holders = Object.values(state.holders).sort((a, b) => a.si - b.si);
  const coupons = Object.values(state.coupons).sort((a, b) => a.code.localeCompare(b.code));
  const month = (name: string) => monthNames.indexOf(name as (typeof monthNames)[number]);
  const payments = Object.values(state.payments).sort(
    (a, b) =>
      a.year - b.year ||
      month(a.month) - month(b.month) ||
      a.si - b.si ||
      a.paymentIntentId.localeCompare(b.paymentIntentId),
  );
  const lines = [`State of the building at ${state.at} (${state.events} events folded)`, ''];
  lines.push(`Apartments held (${holders.length})`);
  lines.push(
    ...section(
      ['SI', 'APARTMENT', 'BLOCK', 'FLOOR', 'ROOM', 'RENT', 'MEMBER', 'SINCE'],
      holders.map((h) => [
        String(h.si),
        h.apartment,
        h.block,
        String(h.floor),
        h.room,
        String(h.rent),
        `${h.userName} <${h.userEmail}>`,
        h.since,
      ]),
    ),
  );
  lines.push('', `Coupons (${coupons.length})`);
  lines.push(
    ...section(
      ['CODE', 'DISCOUNT', 'STATUS', 'DESCRIPTION'],
      coupons.map((c) => [c.code, `${c.discount}%`, c.status, c.description]),
    ),
  );
  lines.push('', `Payments (${payments.length})`);
  lines.push(
    ...section(
      ['SI', 'MONTH', 'YEAR', 'MEMBER', 'AMOUNT', 'STATUS', 'DETAIL'],
      payments.map((p) => [
        String(p.si),
        p.month,
        String(p.year),
        p.email,
        `${taka(p.amountPoisha)} BDT`,
        p.status,
        p.transactionId ?? p.failure ?? p.refund ?? p.paymentIntentId,
      ]),
    ),
  );
  lines.push('', `Rent ledger (${state.rentLedger.length} leases)`);
  lines.push(
    ...section(
      ['SI', 'MEMBER', 'MONTHS', 'PAID', 'DUE', 'OVERDUE', 'BALANCE', 'LEASE'],
      state.rentLedger.map(({ lease, active, months, balancePoisha }) => {
        const count = (status: string) => String(months.filter((m) => m.status === status).length);
        return [
          String(lease.si),
          lease.email,
          String(months.length),
          count('paid'),
          count('due'),
          count('overdue'),
          `${taka(balancePoisha)} BDT`,
          active ? 'active' : `ended ${lease.endedAt}`,
        ];
      }),
    ),
  );
  lines.push('', `Accounts: months with charges or offline payments (${state.accounts.length})`);
  lines.push(
    ...section(
      ['SI', 'MONTH', 'YEAR', 'MEMBER', 'RENT', 'CHARGES', 'LATE FEE', 'OFFLINE PAID', 'PAID', 'OWED'],
      state.accounts.map((a) => [
        String(a.si),
        a.month,
        String(a.year),
        a.email ?? '-',
        `${taka(a.rentPoisha)} BDT`,
        `${taka(a.charges.reduce((sum, c) => sum + c.amountPoisha, 0))} BDT (${a.charges.length})`,
        `${taka(a.lateFeePoisha)} BDT`,
        `${taka(a.offline.reduce((sum, p) => sum + p.amountPoisha, 0))} BDT (${a.offline.length})`,
        `${taka(a.paidPoisha)} BDT`,
        `${taka(a.remainingPoisha)} BDT`,
      ]),
    ),
  );
  const { plan, tariffs, meters } = state.prices;
  lines.push('', 'Prices');
  lines.push(
    `  service plan: ${
      !plan
        ? '(none)'
        : plan.byBlock
          ? Object.entries(plan.byBlock)
              .map(([block, poisha]) => `${block} ${taka(poisha)} BDT`)
              .join(', ')
          : `${taka(plan.amountPoisha ?? 0)} BDT`
    }`,
    ...tariffs.map(
      (t) => `  ${t.tariff}: ${taka(t.perUnitPoisha)} BDT per unit + ${taka(t.fixedPoisha)} BDT`,
    ),
    `  meters read: ${meters.length}`,
  );
  const deposits = [...state.deposits].sort((a, b) => a.si - b.si || a.email.localeCompare(b.email));
  lines.push('', `Deposits (${deposits.length})`);
  lines.push(
    ...section(
      ['SI', 'MEMBER', 'OWED', 'PAID', 'STATUS', 'KEPT', 'RETURNED'],
      deposits.map((d) => [
        String(d.si),
        d.email,
        `${taka(d.owedPoisha)} BDT`,
        `${taka(d.paidPoisha)} BDT`,
        d.status,
        d.keptPoisha === null ? '' : `${taka(d.keptPoisha)} BDT`,
        d.returnedPoisha === null ? '' : `${taka(d.returnedPoisha)} BDT`,
      ]),
    ),
  );
  const { accounts, totalDebit, totalCredit } = state.trialBalance;
  const amount = (t: number) => `${t.toFixed(2)} BDT`;
  lines.push('', `Trial balance (${accounts.length} accounts)`);
  lines.push(
    ...section(
      ['ACCOUNT', 'DEBIT', 'CREDIT', 'BALANCE'],
      [
        ...accounts.map((a) => [a.account, amount(a.debit), amount(a.credit), amount(a.balance)]),
        ['TOTAL', amount(totalDebit), amount(totalCredit), ''],
      ],
    ),
  );
  for (const s of state.skipped) lines.push(`skipped ${s.stream} v${s.version}: ${s.reason}`);
  return lines;
}

function section(header: string[], rows: string[][]): string[] {
  return rows.length === 0 ? ['  (none)'] : alignTable(header, rows).map((line) => `  ${line}`);
}
