import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { pdfPageText } from '@building/infra/receipts/pdf-text';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { startSmtpSink, type RunningSmtpSink } from '@building/smtp-sink/start-smtp-sink';
import { addCharges } from '@building/domain/account/add-charges';
import { recordOfflinePayment } from '@building/domain/account/record-offline-payment';
import type { Caller } from '@building/domain/command-handling/caller';
import { createCommandContext } from '@building/domain/command-handling/command-context';
import { buildingHistory, type BuildingHistory } from '@building/domain/testing/building-history';
import { startMailer } from './start-mailer.ts';

const ana = 'ana@building.test';
const bina = 'bina@building.test';
const admin: Caller = { email: 'admin@building.test', role: 'admin', name: 'Admin' };

/**
 * The emails of a resident's account, against a real SMTP server: a new charge, a payment recorded
 * at the desk (its PDF receipt naming the method and the reference) and a deposit settled, each in
 * the reader's language.
 */
describe.skipIf(missing('postgres'))('the account emails', () => {
  let test: TestDatabase;
  let sink: RunningSmtpSink;
  let history: BuildingHistory;
  let store: PostgresEventStore;
  let mailer: { stop(): Promise<void> } | undefined;
  /** The email to `to` whose subject matches, once the mailer sent it (bounded wait). */
  const mailTo = async (to: string, subject: RegExp) => {
    for (let i = 0; i < 300; i++) {
      const found = sink.mailbox.list().find((m) => m.to.includes(to) && subject.test(m.subject));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(
      `no email to ${to} matching ${subject}: ${sink.mailbox
        .list()
        .map((m) => m.subject)
        .join(' | ')}`,
    );
  };

  beforeAll(async () => {
    test = await createTestDatabase('account_emails');
    await migrateEventStore(test.db);
    sink = await startSmtpSink({ smtpPort: 0, mailboxPort: 0 });
    store = new PostgresEventStore(test.db);
    history = buildingHistory(store);
    await history.register(admin.email, 'Admin', { admin: true });
    await history.register(ana, 'Ana');
    await history.register(bina, 'Bina');
    await history.chooseLanguage(bina, 'bn');
    await history.list(1, { rent: 12_345 });
    await history.list(2, { rent: 21_000 });
    for (const [si, email] of [
      [1, ana],
      [2, bina],
    ] as const)
      await history.accept((await history.request(si, email)).requestId);
    mailer = await startMailer(loadConfig({ DATABASE_URL: test.url, SMTP_URL: sink.smtpUrl }), {
      log: () => {},
    });
  });
  afterAll(async () => {
    await mailer?.stop();
    await sink?.stop();
    await test?.drop();
  });

  it('tells of a new charge, in English', async () => {
    const context = createCommandContext({ store });
    await addCharges(context, {
      target: { si: 1 },
      kind: 'water',
      month: 'January',
      year: 2026,
      amount: 45_050,
      description: 'Pump repair',
      sis: [1],
      caller: admin,
      now: history.nextTime(),
    });
    const mail = await mailTo(ana, /^New charge for January 2026/);
    expect(mail.subject).toBe('New charge for January 2026: ৳ 450.5');
    // The kind in the reader's words, what the admin wrote as written.
    expect(mail.text).toContain('for January 2026: Water: Pump repair, ৳ 450.5.');
  });

  it('sends the receipt of a bKash payment at the desk in Bangla, its PDF naming the method and reference', async () => {
    const context = createCommandContext({ store });
    await recordOfflinePayment(context, {
      email: bina,
      si: 2,
      month: 'January',
      year: 2026,
      method: 'bkash',
      reference: 'TXN8H2K',
      amount: 500_000,
      paymentId: randomUUID(),
      caller: admin,
      now: history.nextTime(),
    });
    const mail = await mailTo(bina, /^রসিদ: জানুয়ারি ২০২৬/);
    expect(mail.subject).toBe('রসিদ: জানুয়ারি ২০২৬, বিকাশ-এ ৳ ৫,০০০');
    expect(mail.text).toContain('TXN8H2K');
    expect(mail.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);
    const pdf = pdfPageText(mail.contents[0]!);
    expect(pdf).toContain('TXN8H2K');
    expect(pdf).toContain('৳ ৫,০০০');
  });

  it('tells the former member their deposit is settled: what was kept and what was returned', async () => {
    await history.payDeposit(ana, 1, 2_469_000, 'bank', 'DEP-1');
    await history.demote(ana);
    await history.settleDeposit(
      ana,
      1,
      [{ reason: 'Broken window', amountPoisha: 300_000 }],
      'cash',
      'RET-1',
    );
    const mail = await mailTo(ana, /^Your deposit is settled/);
    expect(mail.subject).toBe('Your deposit is settled: ৳ 21,690 returned');
    expect(mail.text).toContain('৳ 3,000 was kept');
    expect(mail.text).toContain('is returned by cash (reference RET-1)');
  });
});
