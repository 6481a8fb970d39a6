import { commandFile } from './api-client.ts';
import { saveFile } from './save-file.ts';

/** GET <command>/payments/:TransactionId/receipt: the PDF receipt, saved under a telling name. */
export async function downloadReceipt(transactionId: string): Promise<void> {
  const pdf = await commandFile(`/payments/${encodeURIComponent(transactionId)}/receipt`);
  saveFile(pdf, `receipt-${transactionId}.pdf`);
}
