import { refuse } from '@building/events/domain-error';

/** A month is paid once: paying it again, or reminding of it, is refused. */
export const alreadyPaid = (p: { si: number; month: string; year: number }) =>
  refuse('rent-already-paid', `the rent of apartment ${p.si} for ${p.month} ${p.year} is already paid`);
