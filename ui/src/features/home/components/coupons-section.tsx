import { useTranslation } from 'react-i18next';
import { SectionTitle } from '../../../components/section-title.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { useAvailableCoupons } from '../api/get-available-coupons.ts';
import { CouponCard } from './coupon-card.tsx';

function CouponsBody() {
  const { t } = useTranslation();
  const coupons = useAvailableCoupons();
  if (coupons.isPending) return <Spinner label={t('common.loadingWhat', { what: t('home.couponsWhat') })} />;
  if (coupons.isError) {
    return (
      <div className="notification is-danger is-light has-text-centered" role="alert">
        <p>
          {t('common.couldNotLoad', { what: t('home.couponsWhat'), message: errorMessage(coupons.error) })}
        </p>
        <button type="button" className="button is-small mt-3" onClick={() => void coupons.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  if (coupons.data.length === 0) {
    return <p className="has-text-centered text-muted">{t('home.noCoupons')}</p>;
  }
  return (
    // 1 column on phones, 2 on tablets, 3 from desktops up.
    <ul className="columns is-multiline">
      {coupons.data.map((coupon) => (
        <li key={coupon._id} className="column is-full-mobile is-half-tablet is-one-third-desktop">
          <CouponCard coupon={coupon} />
        </li>
      ))}
    </ul>
  );
}

export function CouponsSection() {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="coupons-title">
      <SectionTitle id="coupons-title" heading={t('home.coupons')} subheading={t('home.couponsSub')} />
      <div className="columns is-centered">
        <div className="column is-three-quarters">
          <CouponsBody />
        </div>
      </div>
    </section>
  );
}
