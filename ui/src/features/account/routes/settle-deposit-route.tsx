import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import type { Resident } from '../../../lib/residents.ts';
import { useAccount } from '../api/get-account.ts';
import { DepositSummary } from '../components/deposit-summary.tsx';
import { PickedLease } from '../components/picked-lease.tsx';
import { ResidentSearch } from '../components/resident-search.tsx';
import { SettleDepositForm } from '../components/settle-deposit-form.tsx';
import { depositsOf } from '../month-owing.ts';

/** The deposit of the lease picked: settled once its lease has ended, else said as it stands. */
function LeaseDeposit({ lease }: { lease: Resident }) {
  const { t } = useTranslation();
  const account = useAccount(lease.email);
  const deposit = account.data && depositsOf(account.data.lines).find((d) => d.si === lease.si);
  return (
    <QueryStatus what={t('account.what')} query={account}>
      {!deposit ? (
        <p className="notification is-light">{t('deposit.none')}</p>
      ) : (
        <>
          <div className="box">
            <DepositSummary deposit={deposit} />
          </div>
          {!deposit.settled &&
            (lease.endedAt ? (
              <SettleDepositForm lease={lease} deposit={deposit} />
            ) : (
              <p className="notification is-warning is-light">{t('deposit.leaseActive')}</p>
            ))}
        </>
      )}
    </QueryStatus>
  );
}

/** Deposit settlement (admins): find the resident, settle their ended lease's deposit with its deductions. */
export default function SettleDepositRoute() {
  const { t } = useTranslation();
  const [lease, setLease] = useState<Resident | null>(null);
  return (
    <DashboardPage id="settle-deposit-title" title={t('deposit.title')}>
      {lease ? (
        <>
          <PickedLease lease={lease} onClear={() => setLease(null)} />
          <LeaseDeposit key={`${lease.email}-${lease.si}-${lease.startedAt}`} lease={lease} />
        </>
      ) : (
        <ResidentSearch onPick={setLease} />
      )}
    </DashboardPage>
  );
}
