import type { Coupon } from '../api/get-available-coupons.ts';

export function CouponCard({ coupon }: { coupon: Coupon }) {
  return (
    <article className="card coupon-card">
      <div className="card-content has-text-centered">
        <h3 className="title is-4 coupon-discount">{coupon.discount}% Discount</h3>
        {coupon.description && <p className="mb-4">{coupon.description}</p>}
        <p className="coupon-code">
          Code: <strong>{coupon.code}</strong>
        </p>
      </div>
    </article>
  );
}
