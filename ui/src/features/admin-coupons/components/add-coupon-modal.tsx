import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { Modal } from '../../../components/modal.tsx';
import { TextAreaField } from '../../../components/text-area-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAddCoupon } from '../api/add-coupon.ts';

/** The 'Add Coupon' form, in a modal. */
export function AddCouponModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [discount, setDiscount] = useState('');
  const [description, setDescription] = useState('');
  const add = useAddCoupon();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await add.mutateAsync({
        code: code.trim(),
        discount: Number(discount),
        description: description.trim(),
      });
    } catch (error) {
      toast.error(errorMessage(error, t('pages.couponAddFailed')));
      return;
    }
    toast.success(t('pages.couponAdded'));
    onClose();
  };

  return (
    <Modal title={t('pages.addCoupon')} onClose={onClose}>
      <form onSubmit={onSubmit}>
        <section className="modal-card-body">
          <TextField
            label={t('pages.couponCodeField')}
            name="code"
            value={code}
            required
            onChange={(e) => setCode(e.target.value)}
          />
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
        </section>
        <footer className="modal-card-foot buttons is-right">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={`button is-primary${add.isPending ? ' is-loading' : ''}`}>
            {t('pages.addCoupon')}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
