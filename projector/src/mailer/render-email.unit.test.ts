import { describe, expect, it } from 'vitest';
import { meterBillWording } from '@building/events/account/charge-names';
import type { ProjectedEvent } from '@building/events/decode-event';
import type { NotificationFacts } from '@building/events/read-models/notifications';
import { renderEmail } from './render-email.ts';

/** The reminder's email: only its facts make its words (no receipt goes with it). */
const remind = (facts: Omit<Extract<NotificationFacts, { kind: 'rent-reminder' }>, 'kind'>) =>
  renderEmail(
    { type: 'RentReminderIssued' } as ProjectedEvent,
    'mina@building.test',
    { kind: 'rent-reminder', ...facts },
    'en',
  );
const november = { apartment: '1A01', month: 'November', year: 2026 } as const;

describe("a reminder's email", () => {
  it("calls its amount the month's dues and lists them, not 'the rent'", async () => {
    const mail = await remind({
      ...november,
      due: 'due',
      dueBy: '2026-11-05',
      amountPoisha: 2_100_000 + 200_000 + 96_000,
      items: [
        { kind: 'rent', description: '', amountPoisha: 2_100_000 },
        {
          ...{ kind: 'charge', chargeId: '00000000-0000-4000-8000-000000000101', charge: 'service' },
          ...{ description: 'Service charge', amountPoisha: 200_000 },
        },
        {
          ...{ kind: 'charge', chargeId: '00000000-0000-4000-8000-000000000102', charge: 'electricity' },
          ...{ description: meterBillWording('electricity', 1000, 1120, 120), amountPoisha: 96_000 },
        },
      ],
    });
    expect(mail.subject).toBe('Your dues for November 2026 are due');
    expect(mail.text).not.toMatch(/the rent of/i);
    expect(mail.text).toContain('apartment 1A01 owes ৳ 23,960 for November 2026:');
    expect(mail.text).toContain(
      '- Rent: ৳ 21,000\n- Service charge: ৳ 2,000\n- Electricity: meter 1,000 to 1,120 (120 units): ৳ 960',
    );
    expect(mail.text).toContain('Please pay by 5 November 2026.');
  });

  it('says what the dues hold when the reminder did not list them (issued before it did)', async () => {
    const mail = await remind({ ...november, due: 'overdue', amountPoisha: 2_100_000 });
    expect(mail.subject).toBe('Your dues for November 2026 are overdue');
    expect(mail.text).toContain(
      'owes ৳ 21,000 for November 2026, now overdue (its rent, and any charges and late fee left unpaid).',
    );
  });
});
