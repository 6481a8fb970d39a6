import { afterEach, describe, expect, it } from 'vitest';
import type { InAppFacts } from '@building/events/read-models/notifications';
import { i18next } from '../i18n/i18n.ts';
import { notificationText } from './notification-text.ts';

describe("a reminder's notification", () => {
  afterEach(() => i18next.changeLanguage('en'));
  const reminder: InAppFacts = {
    ...{ kind: 'rent-reminder', apartment: 'A-103', month: 'March', year: 2026 },
    ...{ amountPoisha: 1_370_000, due: 'due' },
  };

  it("calls the amount the month's dues, which hold more than the rent", async () => {
    const said = notificationText(i18next.t, reminder);
    expect(said).toMatch(
      /^Your dues for March 2026 \(the rent, and any charges and late fee left unpaid\) are due: ৳ 13,700\.$/,
    );
    await i18next.changeLanguage('bn');
    const bn = notificationText(i18next.t, { ...reminder, due: 'overdue' } as InAppFacts);
    expect(bn).toContain('পাওনা');
    expect(bn).toContain('৳ ১৩,৭০০');
    expect(bn).not.toMatch(/[A-Za-z]/);
  });
});
