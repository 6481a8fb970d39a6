import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import type { Coupon } from '../api/get-available-coupons.ts';

export function CouponCard({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  return (
    <article className="card coupon-card">
      <div className="card-content has-text-centered">
        <h3 className="title is-4 coupon-discount">
          {t('home.discount', { discount: formatNumber(coupon.discount) })}
        </h3>
        {coupon.description && <p className="mb-4">{coupon.description}</p>}
        <p className="coupon-code">
          {t('home.code')} <strong>{coupon.code}</strong>
        </p>
      </div>
    </article>
  );
}
