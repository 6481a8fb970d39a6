import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'wouter';
import { errorMessage } from '../../../lib/error-message.ts';
import { SectionTitle } from '../../../components/section-title.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useRoles } from '../../../lib/use-roles.ts';
import { pageCountFor, useApartments, type Apartment } from '../api/get-apartments.ts';
import { useRequestAgreement } from '../api/request-agreement.ts';
import { AgreementButton, type AgreementAvailability } from '../components/agreement-button.tsx';
import { ApartmentCard } from '../components/apartment-card.tsx';
import { Pagination } from '../components/pagination.tsx';

/** The page in the address is numbered from 1 (`?page=2`); the API counts from 0. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const fromAddress = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isSafeInteger(fromAddress) && fromAddress > 1 ? fromAddress - 1 : 0;
  return [page, (next) => setParams(next > 0 ? { page: String(next + 1) } : {})];
}

async function confirmAndRequest(apartment: Apartment, send: (si: Apartment['si']) => Promise<unknown>) {
  // sweetalert2 loads with the first agreement attempt, not with the page.
  const { default: Swal } = await import('sweetalert2');
  const answer = await Swal.fire({
    title: 'Are you sure?',
    text: 'An agreement request will be sent to the owner',
    icon: 'info',
    showCancelButton: true,
    confirmButtonText: 'Confirm',
    cancelButtonText: 'Cancel',
  });
  if (!answer.isConfirmed) return;
  try {
    await send(apartment.si);
  } catch (error) {
    toast.error(errorMessage(error, 'The request could not be sent.'));
    return;
  }
  await Swal.fire({
    title: 'Request sent!',
    text: 'Wait for the confirmation from the owner!',
    icon: 'success',
  });
}

export default function ApartmentsRoute() {
  const [page, setPage] = usePageParam();
  const apartments = useApartments(page);
  const { user, loading } = useAuth();
  const roles = useRoles(user?.email);
  const agreement = useRequestAgreement();
  const [sendingSi, setSendingSi] = useState<Apartment['si'] | null>(null);

  const availabilityOf = (apartment: Apartment): AgreementAvailability => {
    if (apartment.status === 'booked') return 'booked';
    if (loading) return 'checking';
    if (!user) return 'visitor';
    if (roles.isLoading) return 'checking';
    if (roles.isAdmin) return 'admin';
    return sendingSi === apartment.si ? 'sending' : 'open';
  };

  const onRequest = async (apartment: Apartment) => {
    setSendingSi(apartment.si);
    try {
      await confirmAndRequest(apartment, agreement.mutateAsync);
    } finally {
      setSendingSi(null);
    }
  };

  const pageCount = apartments.data ? pageCountFor(apartments.data.postCount) : 0;

  return (
    <section className="section">
      <h1 className="is-sr-only">Apartments</h1>
      <SectionTitle
        heading="Our Apartments"
        subheading="Six to a page; request an agreement for the one you like"
      />
      <div className="container">
        {apartments.isPending ? (
          <Spinner label="Loading apartments…" />
        ) : apartments.isError ? (
          <div className="notification is-danger is-light has-text-centered" role="alert">
            <p>Could not load the apartments: {apartments.error.message}</p>
            <button type="button" className="button is-small mt-3" onClick={() => void apartments.refetch()}>
              Try again
            </button>
          </div>
        ) : apartments.data.result.length === 0 ? (
          <p className="has-text-centered has-text-grey">No apartments are listed on this page.</p>
        ) : (
          <ul className="columns is-multiline" aria-busy={apartments.isPlaceholderData}>
            {apartments.data.result.map((apartment) => (
              <li key={apartment._id} className="column is-full-mobile is-half-tablet is-one-third-desktop">
                <ApartmentCard
                  apartment={apartment}
                  action={
                    <AgreementButton
                      availability={availabilityOf(apartment)}
                      onRequest={() => void onRequest(apartment)}
                    />
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} onChange={setPage} />
      </div>
    </section>
  );
}
