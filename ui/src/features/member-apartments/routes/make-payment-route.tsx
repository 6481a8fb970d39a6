import { useState } from 'react';
import { Link } from 'wouter';
import { DashboardPage } from '../../../components/dashboard-page.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import { Select } from '../../../components/select.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatTaka } from '../../../lib/format.ts';
import { useMemberApartments, type MemberApartment } from '../api/get-member-apartments.ts';

/** January..December, from the platform rather than a copied list (the API takes these English names). */
const monthNames = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month, 1)),
);

function PaymentCard({ apartment, email }: { apartment: MemberApartment; email: string }) {
  const [month, setMonth] = useState('');
  const [year, setYear] = useState(() => String(new Date().getFullYear()));
  const validYear = /^\d{4}$/.test(year);
  const ready = month !== '' && validYear;
  const target = `/payment?${new URLSearchParams({ si: String(apartment.si), month, year })}`;

  return (
    <article className="card payment-card" aria-label={`Pay rent for apartment ${apartment.apartment}`}>
      <div className="card-content">
        <dl className="apartment-facts">
          <dt>Email</dt>
          <dd>{email}</dd>
          <dt>Floor</dt>
          <dd>{apartment.floor}</dd>
          <dt>Block</dt>
          <dd>{apartment.block}</dd>
          <dt>Apartment</dt>
          <dd>{apartment.apartment}</dd>
          <dt>Rent</dt>
          <dd>{formatTaka(apartment.rent)}</dd>
        </dl>
        <div className="field is-grouped mt-4">
          <LabelledField label="Month" className="control">
            {(id) => (
              <Select id={id} value={month} options={monthNames} onChange={setMonth}>
                <option value="" disabled>
                  Select Month
                </option>
              </Select>
            )}
          </LabelledField>
          <LabelledField label="Year" className="control">
            {(id) => (
              <input
                id={id}
                className={`input year-input${validYear ? '' : ' is-danger'}`}
                inputMode="numeric"
                value={year}
                onChange={(e) => setYear(e.target.value.trim())}
              />
            )}
          </LabelledField>
        </div>
      </div>
      <footer className="card-footer">
        {ready ? (
          <Link href={target} className="card-footer-item button is-primary is-radiusless">
            Pay
          </Link>
        ) : (
          <span className="card-footer-item has-text-grey" aria-disabled="true">
            Pay (select a month first)
          </span>
        )}
      </footer>
    </article>
  );
}

/** One card per leased apartment: pick the month, then pay. */
export default function MakePaymentRoute() {
  const { user } = useAuth();
  const apartments = useMemberApartments(user?.email ?? '');
  return (
    <DashboardPage id="make-payment-title" title="Make Payment">
      <QueryStatus what="apartments" query={apartments}>
        {apartments.data?.length === 0 ? (
          <p className="notification is-light">You do not lease an apartment, so there is no rent to pay.</p>
        ) : (
          <div className="columns is-multiline">
            {apartments.data?.map((apartment) => (
              <div key={apartment._id} className="column is-half-tablet is-one-third-desktop">
                <PaymentCard apartment={apartment} email={user?.email ?? ''} />
              </div>
            ))}
          </div>
        )}
      </QueryStatus>
    </DashboardPage>
  );
}
