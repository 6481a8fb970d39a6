import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { Select } from '../../../components/select.tsx';
import { formatMonthOfYear, type MonthOfYear } from '../../../lib/month-of-year.ts';
import type { Resident } from '../../../lib/residents.ts';
import { useAccount, type AccountResponse } from '../api/get-account.ts';
import { MonthOwingList } from '../components/month-owing-list.tsx';
import { MonthPayments } from '../components/month-payments.tsx';
import { PickedLease } from '../components/picked-lease.tsx';
import { RecordPaymentForm } from '../components/record-payment-form.tsx';
import { ResidentSearch } from '../components/resident-search.tsx';
import { monthOwing, monthsOf } from '../month-owing.ts';
import { isAhead, monthsAhead, rentOf, withRentAhead } from '../months-ahead.ts';

const keyOf = (m: MonthOfYear) => `${m.year}-${m.month}`;

/**
 * One lease's months at the desk: pick one (the oldest still owing first), see what it owes, take
 * money; a lease in force may also pay months ahead (the rent they will owe).
 */
function LeaseMonths({ lease, account }: { lease: Resident; account: AccountResponse }) {
  const { t } = useTranslation();
  const known = monthsOf(account.months, lease.si).filter((m) => !isAhead(m));
  const ahead = monthsAhead(lease.endedAt !== null).reverse();
  const months = [
    ...ahead.map((m) => ({ ...m, open: false, ahead: true })),
    ...known.map((m) => ({ ...m, ahead: false })),
  ];
  const open = known.filter((m) => m.open);
  const [picked, setPicked] = useState<string | null>(null);
  const found = months.find((m) => keyOf(m) === picked) ?? open.at(-1) ?? known[0] ?? ahead.at(-1);
  if (!found) return <p className="notification is-light">{t('desk.noMonths')}</p>;
  const chosen: MonthOfYear = { month: found.month, year: found.year };
  const recorded = monthOwing(account.lines, lease.si, chosen);
  const owing = isAhead(chosen) ? withRentAhead(recorded, rentOf(account.lines, lease.si)) : recorded;
  const label = (m: (typeof months)[number]) =>
    m.ahead
      ? t('desk.aheadMonth', { month: formatMonthOfYear(m) })
      : m.open
        ? t('desk.openMonth', { month: formatMonthOfYear(m) })
        : formatMonthOfYear(m);
  return (
    <>
      <div className="box">
        <LabelledField label={t('desk.month')}>
          {(id) => (
            <Select
              id={id}
              value={keyOf(chosen)}
              onChange={setPicked}
              options={months.map((m) => ({ value: keyOf(m), label: label(m) }))}
            />
          )}
        </LabelledField>
        <MonthOwingList owing={owing} />
      </div>
      {owing.remaining > 0 && (
        <RecordPaymentForm key={keyOf(chosen)} lease={lease} of={chosen} remaining={owing.remaining} />
      )}
      <MonthPayments si={lease.si} of={chosen} payments={owing.payments} />
    </>
  );
}

function DeskAccount({ lease }: { lease: Resident }) {
  const { t } = useTranslation();
  const account = useAccount(lease.email);
  return (
    <QueryStatus what={t('account.what')} query={account}>
      {account.data && <LeaseMonths lease={lease} account={account.data} />}
    </QueryStatus>
  );
}

/**
 * The cash desk (admins): find a resident, pick the month, see what it owes (rent, charges, late
 * fee, paid so far, what remains), record cash, bank, bKash or Nagad, hand over the receipt;
 * reverse a payment recorded in error.
 */
export default function CashDeskRoute() {
  const { t } = useTranslation();
  const [lease, setLease] = useState<Resident | null>(null);
  return (
    <DashboardPage id="cash-desk-title" title={t('desk.title')}>
      {lease ? (
        <>
          <PickedLease lease={lease} onClear={() => setLease(null)} />
          <DeskAccount key={`${lease.email}-${lease.si}`} lease={lease} />
        </>
      ) : (
        <ResidentSearch onPick={setLease} />
      )}
    </DashboardPage>
  );
}
