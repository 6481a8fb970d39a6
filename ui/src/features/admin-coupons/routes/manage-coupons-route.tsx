import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { QueryTable } from '../../../components/query-table.tsx';
import { useCoupons, type Coupon } from '../api/get-coupons.ts';
import { useSetCouponAvailability } from '../api/set-coupon-availability.ts';
import { AddCouponModal } from '../components/add-coupon-modal.tsx';

/** Every coupon, each switched on or off; new ones through the 'Add Coupon' modal. */
export default function ManageCouponsRoute() {
  const { t } = useTranslation();
  const coupons = useCoupons();
  const toggle = useSetCouponAvailability();
  const [adding, setAdding] = useState(false);

  const onToggle = async (coupon: Coupon) => {
    const available = coupon.status !== 'available';
    try {
      await toggle.mutateAsync({ id: coupon._id, available });
    } catch (error) {
      toast.error(errorMessage(error, t('pages.couponChangeFailed')));
      return;
    }
    toast.success(available ? t('pages.nowAvailable') : t('pages.nowUnavailable'));
  };

  return (
    <section aria-labelledby="manage-coupons-title">
      <div className="level">
        <h1 className="title is-3 level-left" id="manage-coupons-title">
          {t('pages.manageCoupons')}
        </h1>
        <button type="button" className="button is-primary level-right" onClick={() => setAdding(true)}>
          {t('pages.addCoupon')}
        </button>
      </div>
      <QueryTable
        what={t('pages.couponsWhat')}
        query={coupons}
        empty={t('pages.noCoupons')}
        columns={[t('pages.couponCode'), t('pages.discountPercent'), t('pages.status'), t('pages.action')]}
        rowKey={(coupon) => coupon._id}
        cells={(coupon) => {
          const available = coupon.status === 'available';
          return (
            <>
              <td>
                <code>{coupon.code}</code>
              </td>
              <td>{formatNumber(coupon.discount)}</td>
              <td>
                <span className={`tag ${available ? 'is-success' : 'is-light'}`}>
                  {available ? t('pages.couponAvailable') : t('pages.couponUnavailable')}
                </span>
              </td>
              <td>
                <button
                  type="button"
                  className={`button is-small ${available ? 'is-warning' : 'is-success'}`}
                  aria-label={`${available ? t('pages.makeUnavailable') : t('pages.makeAvailable')}: ${coupon.code}`}
                  disabled={toggle.isPending && toggle.variables?.id === coupon._id}
                  onClick={() => void onToggle(coupon)}
                >
                  {available ? t('pages.makeUnavailable') : t('pages.makeAvailable')}
                </button>
              </td>
            </>
          );
        }}
      />
      {adding && <AddCouponModal onClose={() => setAdding(false)} />}
    </section>
  );
}
