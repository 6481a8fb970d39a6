import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatLongDate, formatTaka } from '../../../lib/format.ts';
import { useRoles } from '../../../lib/use-roles.ts';
import { useRentLedger } from '../api/get-rent-ledger.ts';
import { LeaseMonths } from '../components/lease-months.tsx';

const taka = (poisha: number) => formatTaka(poisha / 100);

/**
 * The resident's rent ledger: each lease month by month, paid (with its receipt), due or overdue,
 * and the balance. A former member reads theirs; only an active lease offers to pay.
 */
export default function RentLedgerRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const email = user?.email ?? '';
  const ledger = useRentLedger(email);
  const roles = useRoles(email);
  return (
    <DashboardPage id="rent-ledger-title" title={t('ledger.title')}>
      <QueryStatus what={t('ledger.what')} query={ledger}>
        {ledger.data && (
          <>
            <dl className="stat-tiles mb-5">
              <div className="box stat-tile">
                <dt className="heading">{t('ledger.balance')}</dt>
                <dd className="title is-4">{taka(ledger.data.balancePoisha)}</dd>
              </div>
              <div className="box stat-tile">
                <dt className="heading">{t('ledger.overdue')}</dt>
                <dd className={`title is-4${ledger.data.overduePoisha > 0 ? ' has-text-danger' : ''}`}>
                  {taka(ledger.data.overduePoisha)}
                </dd>
              </div>
            </dl>
            {ledger.data.leases.length === 0 && (
              <p className="notification is-light">{t('ledger.noLeases')}</p>
            )}
            {ledger.data.leases.map(({ lease, active, months, balancePoisha }) => (
              <section key={lease.leaseId} className="mb-6" aria-labelledby={`lease-${lease.leaseId}`}>
                <h2 className="title is-5" id={`lease-${lease.leaseId}`}>
                  {t('ledger.leaseOf', { apartment: lease.apartment })}
                </h2>
                <p className="subtitle is-6">
                  {active
                    ? t('ledger.since', { at: formatLongDate(lease.startedAt) })
                    : t('ledger.ended', {
                        from: formatLongDate(lease.startedAt),
                        to: formatLongDate(lease.endedAt ?? lease.startedAt),
                      })}
                  {' · '}
                  {t('ledger.leaseBalance', { amount: taka(balancePoisha) })}
                  {!active && <span className="tag is-light ml-2">{t('ledger.readOnly')}</span>}
                </p>
                <LeaseMonths si={lease.si} months={months} payable={active && roles.isMember} />
              </section>
            ))}
          </>
        )}
      </QueryStatus>
    </DashboardPage>
  );
}
