import { commandFile } from './api-client.ts';

/** GET <command>/payments/:TransactionId/receipt: the PDF receipt, saved under a telling name. */
export async function downloadReceipt(transactionId: string): Promise<void> {
  const pdf = await commandFile(`/payments/${encodeURIComponent(transactionId)}/receipt`);
  const url = URL.createObjectURL(pdf);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `receipt-${transactionId}.pdf`;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
