import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { downloadReceipt } from './download-receipt.ts';
import { errorMessage } from './error-message.ts';

/** A receipt button's download: which receipt is on its way, and a toast if it fails. */
export function useReceiptDownload() {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState<string | null>(null);
  const onReceipt = async (transactionId: string) => {
    setDownloading(transactionId);
    try {
      await downloadReceipt(transactionId);
    } catch (error) {
      toast.error(errorMessage(error, t('pages.receiptFailed')));
    } finally {
      setDownloading(null);
    }
  };
  return { downloading, onReceipt };
}
