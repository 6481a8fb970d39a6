import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/error-message.ts';
import { Modal } from '../../../components/modal.tsx';
import { TextAreaField } from '../../../components/text-area-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAddCoupon } from '../api/add-coupon.ts';

/** The 'Add Coupon' form, in a modal. */
export function AddCouponModal({ onClose }: { onClose: () => void }) {
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
      toast.error(errorMessage(error, 'The coupon could not be added.'));
      return;
    }
    toast.success('Coupon added successfully!');
    onClose();
  };

  return (
    <Modal title="Add Coupon" onClose={onClose}>
      <form onSubmit={onSubmit}>
        <section className="modal-card-body">
          <TextField
            label="Coupon code"
            name="code"
            value={code}
            required
            onChange={(e) => setCode(e.target.value)}
          />
          <TextField
            label="Discount (%)"
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
            label="Description"
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </section>
        <footer className="modal-card-foot buttons is-right">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={`button is-primary${add.isPending ? ' is-loading' : ''}`}>
            Add Coupon
          </button>
        </footer>
      </form>
    </Modal>
  );
}
