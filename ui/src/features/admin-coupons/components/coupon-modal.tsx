import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { buildingDate } from '@building/events/rent-ledger/building-calendar';
import { errorMessage } from '../../../lib/error-message.ts';
import { Modal } from '../../../components/modal.tsx';
import { TextAreaField } from '../../../components/text-area-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAddCoupon, useEditCoupon } from '../api/add-coupon.ts';
import type { Coupon } from '../api/get-coupons.ts';

/**
 * The coupon form, in a modal: a new coupon (its code, discount, description, last day, most uses)
 * or, given `coupon`, that coupon's terms to edit (its code stays: it is the coupon's id).
 */
export function CouponModal({ coupon, onClose }: { coupon?: Coupon; onClose: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [discount, setDiscount] = useState(coupon ? String(coupon.discount) : '');
  const [description, setDescription] = useState(coupon?.description ?? '');
  const [expiresOn, setExpiresOn] = useState(coupon?.expiresOn ?? '');
  const [usageLimit, setUsageLimit] = useState(coupon?.usageLimit ? String(coupon.usageLimit) : '');
  const add = useAddCoupon();
  const edit = useEditCoupon();
  const pending = add.isPending || edit.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const terms = {
      discount: Number(discount),
      description: description.trim(),
      expiresOn: expiresOn || null,
      usageLimit: usageLimit ? Number(usageLimit) : null,
    };
    try {
      if (coupon) await edit.mutateAsync({ id: coupon._id, ...terms });
      else await add.mutateAsync({ code: code.trim(), ...terms });
    } catch (error) {
      toast.error(errorMessage(error, coupon ? t('couponTerms.saveFailed') : t('pages.couponAddFailed')));
      return;
    }
    toast.success(coupon ? t('couponTerms.saved') : t('pages.couponAdded'));
    onClose();
  };

  const title = coupon ? t('couponTerms.editTitle', { code: coupon.code }) : t('pages.addCoupon');
  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={onSubmit}>
        <section className="modal-card-body">
          {!coupon && (
            <TextField
              label={t('pages.couponCodeField')}
              name="code"
              value={code}
              required
              onChange={(e) => setCode(e.target.value)}
            />
          )}
          <TextField
            label={t('pages.discountPercent')}
            name="discount"
            type="number"
            min={1}
            max={100}
            step={1}
            required
            value={discount}
            onChange={(e) => setDiscount(e.target.value)}
          />
          <TextAreaField
            label={t('pages.description')}
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <TextField
            label={t('couponTerms.expiresOn')}
            hint={t('couponTerms.expiresOnHint')}
            name="expiresOn"
            type="date"
            // A past last day left as it was is kept; a new one is today or later.
            min={coupon && expiresOn === (coupon.expiresOn ?? '') ? undefined : buildingDate(new Date())}
            value={expiresOn}
            onChange={(e) => setExpiresOn(e.target.value)}
          />
          <TextField
            label={t('couponTerms.usageLimit')}
            hint={t('couponTerms.usageLimitHint')}
            name="usageLimit"
            type="number"
            min={Math.max(1, coupon?.uses ?? 0)}
            max={1_000_000}
            step={1}
            value={usageLimit}
            onChange={(e) => setUsageLimit(e.target.value)}
          />
        </section>
        <footer className="modal-card-foot buttons is-right">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={`button is-primary${pending ? ' is-loading' : ''}`}>
            {coupon ? t('couponTerms.save') : t('pages.addCoupon')}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
