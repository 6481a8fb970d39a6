import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatTaka, formatUtcDateTime } from '../../../lib/format.ts';
import { downloadReceipt } from '../api/download-receipt.ts';
import { usePayments } from '../api/get-payments.ts';

/** The member's payments, searchable by month, each with its PDF receipt. */
export default function PaymentHistoryRoute() {
  const { user } = useAuth();
  const [typed, setTyped] = useState('');
  const [month, setMonth] = useState('');
  const payments = usePayments(user?.email ?? '', month);
  const [downloading, setDownloading] = useState<string | null>(null);
  const searchId = useId();

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setMonth(typed.trim());
  };

  const onReceipt = async (transactionId: string) => {
    setDownloading(transactionId);
    try {
      await downloadReceipt(transactionId);
    } catch (error) {
      toast.error(errorMessage(error, 'The receipt could not be downloaded.'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <DashboardPage id="payment-history-title" title="Payment History">
      <form className="field has-addons" role="search" onSubmit={onSearch}>
        <div className="control">
          <label className="is-sr-only" htmlFor={searchId}>
            Month
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            placeholder="Search by month"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <div className="control">
          <button type="submit" className="button is-info">
            Search
          </button>
        </div>
      </form>
      <QueryTable
        what="payments"
        query={payments}
        empty={month ? `No payments for ${month}.` : 'You have not paid any rent yet.'}
        columns={['Email', 'Month', 'Rent', 'Transaction ID', 'Payment Time', 'Receipt']}
        rowKey={(payment) => payment._id}
        cells={(payment) => (
          <>
            <td>{payment.email}</td>
            <td>
              {payment.month}
              {payment.year ? ` ${payment.year}` : ''}
            </td>
            <td>{formatTaka(payment.price)}</td>
            <td>
              <code>{payment.TransactionId}</code>
            </td>
            <td>{formatUtcDateTime(payment.time)}</td>
            <td>
              <button
                type="button"
                className={`button is-small${downloading === payment.TransactionId ? ' is-loading' : ''}`}
                aria-label={`Receipt for ${payment.TransactionId}`}
                onClick={() => void onReceipt(payment.TransactionId)}
              >
                Receipt
              </button>
            </td>
          </>
        )}
      />
    </DashboardPage>
  );
}
