import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMonthName, formatYear } from '../../../lib/format.ts';
import { downloadStatement, type StatementFormat } from '../api/download-statement.ts';
import { useStatement } from '../api/get-statement.ts';
import { ExpenseForm } from '../components/expense-form.tsx';
import { RecurringExpenseForm } from '../components/recurring-expense-form.tsx';
import { StatementTable } from '../components/statement-table.tsx';
import '../components/finance.css';

// The chart is its own chunk: the statement shows first.
const TrendChart = lazy(() => import('../components/trend-chart.tsx'));

/** Today in Dhaka, YYYY-MM-DD (the en-CA locale writes dates that way). */
const dhakaToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Dhaka',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** The admin's Finance page: a month's statement, its chart and downloads, and the expenses to record. */
export default function FinanceRoute() {
  const { t } = useTranslation();
  const today = dhakaToday();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [year, monthNumber] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const statement = useStatement(year, monthNumber);
  const [downloading, setDownloading] = useState<StatementFormat | null>(null);
  const named = {
    month: formatMonthName(Date.UTC(2000, monthNumber - 1, 1)),
    year: formatYear(year),
  };

  const onDownload = async (format: StatementFormat) => {
    setDownloading(format);
    try {
      await downloadStatement(year, monthNumber, format, currentLanguage());
    } catch (error) {
      toast.error(errorMessage(error, t('finance.downloadFailed')));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <DashboardPage id="finance-title" title={t('finance.title')}>
      <LabelledField label={t('finance.month')}>
        {(id) => (
          <input
            id={id}
            className="input"
            type="month"
            required
            min="2000-01"
            max={today.slice(0, 7)}
            value={month}
            onChange={(e) => /^\d{4}-\d{2}$/.test(e.target.value) && setMonth(e.target.value)}
          />
        )}
      </LabelledField>
      <QueryStatus what={t('finance.what')} query={statement}>
        {statement.data && (
          <>
            <div className="buttons">
              {(['csv', 'pdf'] as const).map((format) => (
                <button
                  key={format}
                  type="button"
                  className={`button is-link is-light${downloading === format ? ' is-loading' : ''}`}
                  disabled={downloading !== null}
                  onClick={() => void onDownload(format)}
                >
                  {t(format === 'csv' ? 'finance.downloadCsv' : 'finance.downloadPdf')}
                </button>
              ))}
            </div>
            <div className="columns is-desktop">
              <div className="column">
                <StatementTable statement={statement.data} caption={t('finance.statementTitle', named)} />
              </div>
              <div className="column">
                <h2 className="title is-5">{t('finance.chartTitle')}</h2>
                <Suspense fallback={<Spinner label={t('finance.chartLoading')} />}>
                  <TrendChart trend={statement.data.trend} label={t('finance.chartSummary', named)} />
                </Suspense>
              </div>
            </div>
          </>
        )}
      </QueryStatus>
      <div className="columns is-desktop mt-4">
        <div className="column">
          <ExpenseForm today={today} />
        </div>
        <div className="column">
          <RecurringExpenseForm />
        </div>
      </div>
    </DashboardPage>
  );
}
