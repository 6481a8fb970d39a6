import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { QueryTable } from '../../../components/query-table.tsx';
import { useCoupons, type Coupon } from '../api/get-coupons.ts';
import { useSetCouponAvailability } from '../api/set-coupon-availability.ts';
import { AddCouponModal } from '../components/add-coupon-modal.tsx';

/** Every coupon, each switched on or off; new ones through the 'Add Coupon' modal. */
export default function ManageCouponsRoute() {
  const coupons = useCoupons();
  const toggle = useSetCouponAvailability();
  const [adding, setAdding] = useState(false);

  const onToggle = async (coupon: Coupon) => {
    const available = coupon.status !== 'available';
    try {
      await toggle.mutateAsync({ id: coupon._id, available });
    } catch (error) {
      toast.error(errorMessage(error, 'The coupon could not be changed.'));
      return;
    }
    toast.success(available ? 'This coupon is available now!' : 'This coupon is unavailable now!');
  };

  return (
    <section aria-labelledby="manage-coupons-title">
      <div className="level">
        <h1 className="title is-3 level-left" id="manage-coupons-title">
          Manage Coupons
        </h1>
        <button type="button" className="button is-primary level-right" onClick={() => setAdding(true)}>
          Add Coupon
        </button>
      </div>
      <QueryTable
        what="coupons"
        query={coupons}
        empty="There are no coupons yet."
        columns={['Coupon Code', 'Discount (%)', 'Status', 'Action']}
        rowKey={(coupon) => coupon._id}
        cells={(coupon) => {
          const available = coupon.status === 'available';
          return (
            <>
              <td>
                <code>{coupon.code}</code>
              </td>
              <td>{coupon.discount}</td>
              <td>
                <span className={`tag ${available ? 'is-success' : 'is-light'}`}>
                  {available ? 'available' : 'unavailable'}
                </span>
              </td>
              <td>
                <button
                  type="button"
                  className={`button is-small ${available ? 'is-warning' : 'is-success'}`}
                  aria-label={`${available ? 'Make Unavailable' : 'Make Available'}: ${coupon.code}`}
                  disabled={toggle.isPending && toggle.variables?.id === coupon._id}
                  onClick={() => void onToggle(coupon)}
                >
                  {available ? 'Make Unavailable' : 'Make Available'}
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
