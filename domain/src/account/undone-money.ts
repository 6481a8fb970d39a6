import type { Month } from '@building/events/catalogue';

/**
 * What an undo of a month's money names (a cancelled charge, a reversed payment): the month and
 * the reason from the admin's command, whose it was and how much from what is undone.
 */
export const undoneMoneyOf = (
  command: { si: number; month: Month; year: number; reason: string },
  undone: { email: string; amountPoisha: number },
) => ({
  si: command.si,
  month: command.month,
  year: command.year,
  email: undone.email,
  amountPoisha: undone.amountPoisha,
  reason: command.reason,
});
