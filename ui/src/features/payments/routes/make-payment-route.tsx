import { useTranslation } from 'react-i18next';
import './payment.css';
import { useState } from 'react';
import { Link } from 'wouter';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { Select } from '../../../components/select.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatMonthName, formatTaka } from '../../../lib/format.ts';
import { useMemberApartments, type MemberApartment } from '../../../lib/member-apartments.ts';
import { usePayments, type Payment } from '../api/get-payments.ts';
import { firstUnpaidMonth, paidMonthsOf } from '../utils/paid-months.ts';

/** January..December, from the platform rather than a copied list (the API takes these English names). */
const monthNames = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month, 1)),
);

/** A month as the reader says it (জানুয়ারি in Bangla); the value sent stays the English name. */
const monthLabel = (index: number) => formatMonthName(Date.UTC(2000, index, 1));

interface PaymentCardProps {
  apartment: MemberApartment;
  email: string;
  payments: readonly Payment[] | undefined;
}

function PaymentCard({ apartment, email, payments }: PaymentCardProps) {
  const { t } = useTranslation();
  const [year, setYear] = useState(() => String(new Date().getFullYear()));
  const validYear = /^\d{4}$/.test(year);
  const paid = paidMonthsOf(payments, apartment.si, Number(year));
  // Until the member picks one, the first month still owed is offered.
  const [picked, setPicked] = useState<string | null>(null);
  const suggested = firstUnpaidMonth(monthNames, paid, Number(year), new Date(apartment.accept_date));
  const month = picked !== null && !paid.has(picked) ? picked : suggested;
  const ready = month !== '' && validYear;
  const target = `/payment?${new URLSearchParams({ si: String(apartment.si), month, year })}`;
  const options = monthNames.map((name, index) =>
    paid.has(name)
      ? { value: name, label: t('pages.monthPaid', { month: monthLabel(index) }), disabled: true }
      : { value: name, label: monthLabel(index) },
  );

  return (
    <article
      className="card payment-card"
      aria-label={t('pages.payFor', { name: String(apartment.apartment) })}
    >
      <div className="card-content">
        <dl className="apartment-facts">
          <dt>{t('pages.email')}</dt>
          <dd className="is-break-word">{email}</dd>
          <dt>{t('pages.floor')}</dt>
          <dd>{apartment.floor}</dd>
          <dt>{t('pages.block')}</dt>
          <dd>{apartment.block}</dd>
          <dt>{t('pages.apartment')}</dt>
          <dd>{apartment.apartment}</dd>
          <dt>{t('pages.rent')}</dt>
          <dd>{formatTaka(apartment.rent)}</dd>
        </dl>
        <div className="field is-grouped is-grouped-multiline mt-4 month-and-year">
          <LabelledField label={t('pages.month')} className="control">
            {(id) => (
              <Select id={id} value={month} options={options} onChange={setPicked}>
                <option value="" disabled>
                  {t('pages.selectMonth')}
                </option>
              </Select>
            )}
          </LabelledField>
          <LabelledField label={t('pages.year')} className="control">
            {(id) => (
              <input
                id={id}
                className={`input year-input${validYear ? '' : ' is-danger'}`}
                inputMode="numeric"
                maxLength={4}
                value={year}
                onChange={(e) => setYear(e.target.value.trim())}
              />
            )}
          </LabelledField>
        </div>
        {validYear && paid.size === 12 && <p className="help is-success">{t('pages.allPaid', { year })}</p>}
      </div>
      <footer className="card-footer">
        {ready ? (
          <Link href={target} className="card-footer-item button is-primary is-radiusless">
            {t('pages.pay')}
          </Link>
        ) : (
          <span className="card-footer-item text-muted" aria-disabled="true">
            {t('pages.payPickMonth')}
          </span>
        )}
      </footer>
    </article>
  );
}

/** One card per leased apartment: pick the month (paid ones are marked), then pay. */
export default function MakePaymentRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const email = user?.email ?? '';
  const apartments = useMemberApartments(email);
  const payments = usePayments(email, '');
  return (
    <DashboardPage id="make-payment-title" title={t('pages.makePayment')}>
      <QueryStatus what={t('pages.apartmentsWhat')} query={apartments}>
        {apartments.data?.length === 0 ? (
          <p className="notification is-light">{t('pages.noRentToPay')}</p>
        ) : (
          <div className="columns is-multiline">
            {apartments.data?.map((apartment) => (
              <div key={apartment._id} className="column is-half-tablet is-one-third-desktop">
                <PaymentCard apartment={apartment} email={email} payments={payments.data} />
              </div>
            ))}
          </div>
        )}
      </QueryStatus>
    </DashboardPage>
  );
}
