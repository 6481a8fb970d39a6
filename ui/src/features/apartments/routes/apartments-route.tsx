import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { SectionTitle } from '../../../components/section-title.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { ApartmentPlaceholders } from '../components/apartment-placeholders.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { latestRequestBySi, useMyAgreements } from '../../../lib/my-agreements.ts';
import { useRoles } from '../../../lib/use-roles.ts';
import { pageCountFor, pageFromSearch, useApartments, type Apartment } from '../api/get-apartments.ts';
import { useRequestAgreement } from '../api/request-agreement.ts';
import { useWithdrawAgreement } from '../../../lib/withdraw-agreement.ts';
import { AgreementButton, type AgreementAvailability } from '../components/agreement-button.tsx';
import { confirmAndRequest, confirmAndWithdraw } from '../../../lib/agreement-dialogs.ts';
import { ApartmentCard } from '../components/apartment-card.tsx';
import { Pagination } from '../../../components/pagination.tsx';

/** The page in the address (numbered from 1 there, from 0 here) and a way to go to another. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params);
  return [page, (next) => setParams(next > 0 ? { page: String(next + 1) } : {})];
}

export default function ApartmentsRoute() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const apartments = useApartments(page);
  const { user, loading } = useAuth();
  const roles = useRoles(user?.email);
  const agreement = useRequestAgreement();
  const withdrawal = useWithdrawAgreement();
  // Admins never request, so only others read their own requests.
  const mine = useMyAgreements(user && !roles.isLoading && !roles.isAdmin ? user.email : '');
  const myRequests = latestRequestBySi(mine.data);
  const [busy, setBusy] = useState<{ si: Apartment['si']; doing: 'sending' | 'withdrawing' } | null>(null);

  const availabilityOf = (apartment: Apartment): AgreementAvailability => {
    if (busy?.si === apartment.si) return busy.doing;
    if (myRequests.get(String(apartment.si))?.status === 'pending') return 'pending';
    if (apartment.status === 'booked') return 'booked';
    if (loading) return 'checking';
    if (!user) return 'visitor';
    if (roles.isLoading || mine.isLoading) return 'checking';
    if (roles.isAdmin) return 'admin';
    return 'open';
  };

  const run = async (apartment: Apartment, doing: 'sending' | 'withdrawing') => {
    setBusy({ si: apartment.si, doing });
    try {
      if (doing === 'sending')
        await confirmAndRequest(String(apartment.apartment), () => agreement.mutateAsync(apartment.si));
      else await confirmAndWithdraw(String(apartment.apartment), () => withdrawal.mutateAsync(apartment.si));
    } finally {
      setBusy(null);
    }
  };

  const pageCount = apartments.data ? pageCountFor(apartments.data.postCount) : 0;

  return (
    <section className="section">
      <h1 className="is-sr-only">{t('apartments.pageTitle')}</h1>
      <SectionTitle heading={t('apartments.heading')} subheading={t('apartments.sub')} />
      <div className="container">
        {apartments.isPending ? (
          <ApartmentPlaceholders label={t('common.loadingWhat', { what: t('apartments.what') })} />
        ) : apartments.isError ? (
          <div className="notification is-danger is-light has-text-centered" role="alert">
            <p>
              {t('common.couldNotLoad', {
                what: t('apartments.what'),
                message: errorMessage(apartments.error),
              })}
            </p>
            <button type="button" className="button is-small mt-3" onClick={() => void apartments.refetch()}>
              {t('common.tryAgain')}
            </button>
          </div>
        ) : apartments.data.result.length === 0 ? (
          <p className="has-text-centered text-muted">{t('apartments.none')}</p>
        ) : (
          <ul className="columns is-multiline" aria-busy={apartments.isPlaceholderData}>
            {apartments.data.result.map((apartment, index) => (
              <li key={apartment._id} className="column is-full-mobile is-half-tablet is-one-third-desktop">
                <ApartmentCard
                  apartment={apartment}
                  first={index === 0}
                  action={
                    <AgreementButton
                      availability={availabilityOf(apartment)}
                      declined={myRequests.get(String(apartment.si))?.status === 'rejected'}
                      onRequest={() => void run(apartment, 'sending')}
                      onWithdraw={() => void run(apartment, 'withdrawing')}
                    />
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination numbered page={page} pageCount={pageCount} onChange={setPage} />
      </div>
    </section>
  );
}
