import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { QueryStatus } from '../../../components/query-status.tsx';
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
      toast.error(error instanceof Error ? error.message : 'The receipt could not be downloaded.');
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section aria-labelledby="payment-history-title">
      <h1 className="title is-3" id="payment-history-title">
        Payment History
      </h1>
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
      <QueryStatus what="payments" query={payments}>
        {payments.data?.length === 0 ? (
          <p className="notification is-light">
            {month ? `No payments for ${month}.` : 'You have not paid any rent yet.'}
          </p>
        ) : (
          <div className="table-container">
            <table className="table is-fullwidth is-striped">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Email</th>
                  <th>Month</th>
                  <th>Rent</th>
                  <th>Transaction ID</th>
                  <th>Payment Time</th>
                  <th>Receipt</th>
                </tr>
              </thead>
              <tbody>
                {payments.data?.map((payment, index) => (
                  <tr key={payment._id}>
                    <td>{index + 1}</td>
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
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStatus>
    </section>
  );
}
