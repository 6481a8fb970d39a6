import toast from 'react-hot-toast';
import { translate as t } from '../i18n/i18n.ts';
import { errorMessage } from './error-message.ts';

// sweetalert2 loads with the first agreement attempt, not with the page.
const dialogs = async () => (await import('sweetalert2')).default;

async function confirmed(title: string, text: string, confirmButtonText: string): Promise<boolean> {
  const Swal = await dialogs();
  const answer = await Swal.fire({
    title,
    text,
    icon: 'info',
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText: t('common.cancel'),
  });
  return answer.isConfirmed;
}

/** A refusal or a dropped connection is said in a dialog of its own, never silently. */
async function failed(title: string, error: unknown, apartment: string) {
  const Swal = await dialogs();
  await Swal.fire({
    title,
    text: errorMessage(error, t('apartments.somethingWrong'), { apartment }),
    icon: 'error',
  });
}

/** Confirm, send, then say it was sent or why it was not. */
export async function confirmAndRequest(apartment: string, send: () => Promise<unknown>) {
  if (!(await confirmed(t('apartments.confirmTitle'), t('apartments.confirmText'), t('apartments.confirm'))))
    return;
  try {
    await send();
  } catch (error) {
    return failed(t('apartments.notSent'), error, apartment);
  }
  const Swal = await dialogs();
  await Swal.fire({
    title: t('apartments.sentTitle'),
    text: t('apartments.sentText'),
    icon: 'success',
  });
}

/** Confirm, then take the pending request back. */
export async function confirmAndWithdraw(apartment: string, withdraw: () => Promise<unknown>) {
  const text = t('apartments.withdrawText', { name: apartment });
  if (!(await confirmed(t('apartments.withdrawTitle'), text, t('apartments.withdrawConfirm')))) return;
  try {
    await withdraw();
  } catch (error) {
    return failed(t('apartments.notWithdrawn'), error, apartment);
  }
  toast.success(t('apartments.withdrawn'));
}
