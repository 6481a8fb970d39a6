import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useAuth } from '../../../lib/auth.tsx';
import { formatTaka } from '../../../lib/format.ts';
import { useMemberApartments } from '../../../lib/member-apartments.ts';
import { formatMonthOfYear } from '../../../lib/month-of-year.ts';
import type { AccountResponse } from '../api/get-account.ts';
import { depositsOf } from '../month-owing.ts';
import { DepositSummary } from './deposit-summary.tsx';

/**
 * What the resident can do about their account: each deposit as it stands (and Pay deposit while
 * it owes), and each month still owing of a lease they hold now, with Pay for what it owes.
 */
export function AccountActions({ account }: { account: AccountResponse }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const leases = useMemberApartments(user?.email ?? '');
  const held = new Map((leases.data ?? []).map((l) => [l.si, l.apartment]));
  const deposits = depositsOf(account.lines);
  const open = account.months.filter((m) => m.owed > m.paid && held.has(m.si));
  if (deposits.length === 0 && open.length === 0) return null;
  return (
    <div className="columns is-multiline mb-4">
      {deposits.map((deposit) => {
        // A former member's lease is no longer listed: its deposit is named without its apartment.
        const apartment = held.get(deposit.si);
        const title = apartment ? t('deposit.of', { apartment }) : t('deposit.heading');
        return (
          <section key={deposit.si} className="column is-half" aria-label={title}>
            <div className="box">
              <h2 className="title is-6">{title}</h2>
              <DepositSummary deposit={deposit} />
              {deposit.remaining > 0 && held.has(deposit.si) && (
                <Link href={`/payDeposit?si=${deposit.si}`} className="button is-primary mt-3">
                  {t('deposit.pay', { amount: formatTaka(deposit.remaining) })}
                </Link>
              )}
            </div>
          </section>
        );
      })}
      {open.length > 0 && (
        <section className="column is-half" aria-labelledby="open-months-title">
          <div className="box">
            <h2 className="title is-6" id="open-months-title">
              {t('account.openMonths')}
            </h2>
            <ul>
              {open.map((m) => {
                const month = formatMonthOfYear(m);
                return (
                  <li key={`${m.si}-${m.year}-${m.month}`} className="mb-2">
                    {t('account.monthOwes', {
                      apartment: held.get(m.si),
                      month,
                      amount: formatTaka(m.owed - m.paid),
                    })}{' '}
                    <Link
                      href={`/payment?si=${m.si}&month=${m.month}&year=${m.year}`}
                      className="in-text-link"
                      aria-label={t('account.payMonth', { month })}
                    >
                      {t('account.pay')}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      )}
    </div>
  );
}
