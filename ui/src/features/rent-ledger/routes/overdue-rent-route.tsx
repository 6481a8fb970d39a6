import { useTranslation } from 'react-i18next';
import { monthNames } from '@building/events/catalogue';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { formatMonthName, formatNumber, formatTaka, formatYear } from '../../../lib/format.ts';
import { useOverdueRent } from '../../../lib/overdue-rent.ts';

const taka = (poisha: number) => formatTaka(poisha / 100);

/** The admin's list of who owes overdue rent: member, apartment, the months, how much. */
export default function OverdueRentRoute() {
  const { t } = useTranslation();
  const overdue = useOverdueRent();
  const rows = { ...overdue, data: overdue.data?.rows };
  return (
    <DashboardPage id="overdue-rent-title" title={t('ledger.overdueTitle')}>
      {/* Nobody overdue: the table's empty notice says so once. */}
      {overdue.data && overdue.data.members > 0 && (
        <p className="mb-4">
          {t('ledger.overdueSummary', {
            members: formatNumber(overdue.data.members),
            months: formatNumber(overdue.data.months),
            amount: taka(overdue.data.amountPoisha),
          })}
        </p>
      )}
      <QueryTable
        what={t('ledger.overdueWhat')}
        query={rows}
        empty={t('ledger.nobodyOverdue')}
        columns={[
          t('ledger.name'),
          t('pages.email'),
          t('pages.apartment'),
          t('ledger.monthsOverdue'),
          t('ledger.amount'),
        ]}
        rowKey={(row) => `${row.email}-${row.si}`}
        cells={(row) => (
          <>
            <td>
              {row.name}
              {!row.active && <span className="tag is-light ml-2">{t('ledger.formerMember')}</span>}
            </td>
            <td className="is-break-word">{row.email}</td>
            <td>{row.apartment}</td>
            <td>
              {row.months
                .map(
                  (m) =>
                    `${formatMonthName(Date.UTC(2000, monthNames.indexOf(m.month), 1))} ${formatYear(m.year)}`,
                )
                .join(', ')}
            </td>
            <td>{taka(row.overduePoisha)}</td>
          </>
        )}
      />
    </DashboardPage>
  );
}
