import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { FormProblem } from './form-problem.tsx';

interface ReasonModalProps {
  title: string;
  /** What the undoing is called on its button ('Cancel charge', 'Reverse payment'). */
  action: string;
  /** Undoes it with the reason given; a refusal is said in the modal, which stays open. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks why before money is undone (a cancelled charge, a reversed payment): the reason is kept in the log. */
export function ReasonModal({ title, action, onConfirm, onClose }: ReasonModalProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={onSubmit}>
        <section className="modal-card-body">
          <TextField
            label={t('charges.reason')}
            required
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <FormProblem problem={problem} />
        </section>
        <footer className="modal-card-foot buttons is-right">
          <button type="button" className="button" onClick={onClose}>
            {t('common.close')}
          </button>
          <button
            type="submit"
            className={`button is-danger${busy ? ' is-loading' : ''}`}
            disabled={!reason.trim()}
          >
            {action}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
