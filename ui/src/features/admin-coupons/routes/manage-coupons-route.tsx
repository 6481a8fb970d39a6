import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDay, formatNumber } from '../../../lib/format.ts';
import { QueryTable } from '../../../components/query-table.tsx';
import { useCoupons, type Coupon } from '../api/get-coupons.ts';
import { useSetCouponAvailability } from '../api/set-coupon-availability.ts';
import { CouponModal } from '../components/coupon-modal.tsx';

/** Why a coupon applies or not today: switched off, past its last day, used up, or available. */
function standing(coupon: Coupon, today: string) {
  if (coupon.status !== 'available') return 'unavailable' as const;
  if (coupon.expiresOn !== null && coupon.expiresOn < today) return 'expired' as const;
  if (coupon.usageLimit !== null && coupon.uses >= coupon.usageLimit) return 'usedUp' as const;
  return 'available' as const;
}

/**
 * Every coupon with whether it applies today, its last day and its uses, each switched on or off
 * and edited in a modal; new ones through the 'Add Coupon' modal.
 */
export default function ManageCouponsRoute() {
  const { t } = useTranslation();
  const coupons = useCoupons();
  const toggle = useSetCouponAvailability();
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const today = buildingDate(new Date());

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

  const label = {
    available: t('pages.couponAvailable'),
    unavailable: t('pages.couponUnavailable'),
    expired: t('couponTerms.expired'),
    usedUp: t('couponTerms.usedUp'),
  };
  return (
    <section aria-labelledby="manage-coupons-title">
      <div className="level">
        <h1 className="title is-3 level-left" id="manage-coupons-title">
          {t('pages.manageCoupons')}
        </h1>
        <button type="button" className="button is-primary level-right" onClick={() => setEditing('new')}>
          {t('pages.addCoupon')}
        </button>
      </div>
      <QueryTable
        what={t('pages.couponsWhat')}
        query={coupons}
        empty={t('pages.noCoupons')}
        columns={[
          t('pages.couponCode'),
          t('pages.discountPercent'),
          t('pages.status'),
          t('couponTerms.lastDay'),
          t('couponTerms.uses'),
          t('pages.action'),
        ]}
        rowKey={(coupon) => coupon._id}
        cells={(coupon) => {
          const available = coupon.status === 'available';
          const now = standing(coupon, today);
          return (
            <>
              <td>
                <code>{coupon.code}</code>
              </td>
              <td>{formatNumber(coupon.discount)}</td>
              <td>
                <span className={`tag ${now === 'available' ? 'is-success' : 'is-light'}`}>{label[now]}</span>
              </td>
              <td>{coupon.expiresOn ? formatDay(coupon.expiresOn) : t('couponTerms.noEnd')}</td>
              <td>
                {coupon.usageLimit === null
                  ? formatNumber(coupon.uses)
                  : t('couponTerms.usesOf', {
                      uses: formatNumber(coupon.uses),
                      limit: formatNumber(coupon.usageLimit),
                    })}
              </td>
              <td>
                <div className="buttons are-small">
                  <button
                    type="button"
                    className={`button ${available ? 'is-warning' : 'is-success'}`}
                    aria-label={`${available ? t('pages.makeUnavailable') : t('pages.makeAvailable')}: ${coupon.code}`}
                    disabled={toggle.isPending && toggle.variables?.id === coupon._id}
                    onClick={() => void onToggle(coupon)}
                  >
                    {available ? t('pages.makeUnavailable') : t('pages.makeAvailable')}
                  </button>
                  <button
                    type="button"
                    className="button is-link is-light"
                    aria-label={t('couponTerms.editLabel', { code: coupon.code })}
                    onClick={() => setEditing(coupon)}
                  >
                    {t('couponTerms.edit')}
                  </button>
                </div>
              </td>
            </>
          );
        }}
      />
      {editing && (
        <CouponModal coupon={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
