import { useTranslation } from 'react-i18next';
import { monthNames } from '@building/events/catalogue';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatLongDate, formatMonthName, formatTaka, formatYear } from '../../../lib/format.ts';
import { useAccount } from '../api/get-account.ts';
import { AccountActions } from '../components/account-actions.tsx';
import { lineWords } from '../line-words.ts';

const monthOf = (name: (typeof monthNames)[number], year: number) =>
  `${formatMonthName(Date.UTC(2000, monthNames.indexOf(name)))} ${formatYear(year)}`;

/**
 * The resident's account: every line (rent, charges, late fees, the deposit, payments by card,
 * cash, bank, bKash or Nagad, their reversals) in date order with the running balance, and what is
 * owed now. A former member reads theirs. On a phone each line is a card of labelled values.
 */
export default function AccountRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const account = useAccount(user?.email ?? '');
  return (
    <DashboardPage id="account-title" title={t('account.title')}>
      <QueryStatus what={t('account.what')} query={account}>
        {account.data && (
          <>
            <dl className="stat-tiles mb-5">
              <div className="box stat-tile">
                <dt className="heading">{t('account.balance')}</dt>
                <dd className={`title is-4${account.data.balance > 0 ? ' has-text-danger' : ''}`}>
                  {formatTaka(account.data.balance)}
                </dd>
              </div>
            </dl>
            <AccountActions account={account.data} />
            <DataTable
              caption={t('account.title')}
              className="is-narrow"
              numbered={false}
              columns={[
                t('account.date'),
                t('account.month'),
                t('account.description'),
                t('account.debit'),
                t('account.credit'),
                t('account.balance'),
              ]}
              rows={account.data.lines}
              rowKey={(line) => line.id}
              empty={t('account.noLines')}
              cells={(line) => (
                <>
                  <td>{formatLongDate(line.date)}</td>
                  <td>{line.month && line.year !== null ? monthOf(line.month, line.year) : null}</td>
                  <td>
                    {/* One box beside the phone card's label: the words and the method's tag wrap together. */}
                    <span>
                      {lineWords(line.description, t)}
                      {line.method && (
                        <span className="tag is-light ml-2">
                          {t(`account.methods.${line.method as 'cash'}`)}
                          {line.reference ? ` · ${line.reference}` : ''}
                        </span>
                      )}
                    </span>
                  </td>
                  <td className="has-text-right">{line.debit ? formatTaka(line.debit) : null}</td>
                  <td className="has-text-right">{line.credit ? formatTaka(line.credit) : null}</td>
                  <td className="has-text-right">{formatTaka(line.balance)}</td>
                </>
              )}
            />
          </>
        )}
      </QueryStatus>
    </DashboardPage>
  );
}
