import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@building/infra/config';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { pdfPageText } from '@building/infra/receipts/pdf-text';
import { missing } from '@building/infra/testing/infra-availability';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { startSmtpSink, type RunningSmtpSink } from '@building/smtp-sink/start-smtp-sink';
import { buildingHistory, type BuildingHistory } from '@building/domain/testing/building-history';
import { SENT_TABLE } from './mailer-schema.ts';
import { startMailer } from './start-mailer.ts';

const ana = 'ana@building.test';

/** The mailer against a real SMTP server (the sink), tailing a real store (the embedded mode). */
describe.skipIf(missing('postgres'))('the mailer', () => {
  let test: TestDatabase;
  let sink: RunningSmtpSink;
  let history: BuildingHistory;
  let mailer: { stop(): Promise<void> } | undefined;
  const lines: string[] = [];
  const start = async () => {
    const config = loadConfig({ DATABASE_URL: test.url, SMTP_URL: sink.smtpUrl });
    mailer = await startMailer(config, { log: (line) => lines.push(line) });
  };
  const subjects = () => sink.mailbox.list().map((m) => m.subject);
  /** Waits until the mailbox holds `count` emails (bounded), then returns the newest first. */
  const mailboxHolds = async (count: number) => {
    for (let i = 0; i < 300 && sink.mailbox.list().length < count; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(subjects()).toHaveLength(count);
    return sink.mailbox.list();
  };

  beforeAll(async () => {
    test = await createTestDatabase('mailer');
    await migrateEventStore(test.db);
    sink = await startSmtpSink({ smtpPort: 0, mailboxPort: 0 });
    history = buildingHistory(new PostgresEventStore(test.db));
    await history.register('admin@building.test', 'Admin', { admin: true });
    await history.register(ana, 'Ana');
    await history.list(1, { rent: 12_345 });
    await start();
  });
  afterAll(async () => {
    await mailer?.stop();
    await sink?.stop();
    await test?.drop();
  });

  it('sends one email when an agreement is accepted', async () => {
    const { requestId } = await history.request(1, ana);
    await history.accept(requestId);
    const [mail] = await mailboxHolds(1);
    expect(mail).toMatchObject({
      to: [ana],
      subject: 'Your agreement for apartment 101 is accepted',
      attachments: [],
    });
    expect(mail!.from).toBe('no-reply@building.test');
  });

  it('sends the receipt of a payment with its PDF attached, the amount in taka', async () => {
    await history.pay(ana, 1, 'March', 2026);
    const [mail] = await mailboxHolds(2);
    expect(mail!.subject).toBe('Receipt: rent for March 2026, ৳ 12,345');
    expect(mail!.attachments).toEqual([
      expect.objectContaining({ filename: 'receipt-2026-march.pdf', contentType: 'application/pdf' }),
    ]);
    const pdf = mail!.contents[0]!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageText(pdf)).toContain('৳ 12,345');
    expect(mail!.text).not.toMatch(/[\u0985-\u09b9]/); // no Bengali letters: Ana has chosen no language
  });

  it('writes to a person who reads in Bangla in Bangla only, the receipt too', async () => {
    const bina = 'bina@building.test';
    await history.register(bina, 'Bina');
    await history.list(2, { rent: 21_000 });
    await history.chooseLanguage(bina, 'bn');
    const { requestId } = await history.request(2, bina);
    await history.accept(requestId);
    await history.pay(bina, 2, 'November', 2026);
    const [receipt, accepted] = await mailboxHolds(4);
    expect(accepted!.subject).toBe('অ্যাপার্টমেন্ট 102-এর চুক্তি গৃহীত হয়েছে');
    expect(receipt!.subject).toBe('রসিদ: নভেম্বর ২০২৬-এর ভাড়া, ৳ ২১,০০০');
    expect(receipt!.text).toContain('৳ ২১,০০০');
    expect(receipt!.text).not.toMatch(/Thank you|received|House 27/);
    const pdf = pdfPageText(receipt!.contents[0]!);
    expect(pdf).toContain('৳ ২১,০০০ (BDT)');
    expect(pdf).toContain('(ঢাকার সময়)');
    expect(pdf).not.toContain('Rent receipt');
  });

  it('sends no reminder to someone who turned reminders off (as they had chosen then)', async () => {
    await history.emailPreferences(ana, ['rent-reminder']);
    await history.remind(ana, 1, 'April', 2026, 'due');
    // Turned back on afterwards: the reminder already issued stays unsent, the next one goes.
    await history.emailPreferences(ana, []);
    await history.remind(ana, 1, 'April', 2026, 'overdue');
    const [mail] = await mailboxHolds(5);
    expect(mail!.subject).toBe('Your dues for April 2026 are overdue');
    expect(subjects().filter((s) => s.includes('are due'))).toEqual([]);
    const off = await test.db(SENT_TABLE).where({ status: 'off' }).select('kind');
    expect(off).toEqual([{ kind: 'rent-reminder' }]);
  });

  it('sends nothing twice when it is restarted mid-run', async () => {
    const { requestId } = await history.fileMaintenance(ana, 1, {
      category: 'plumbing',
      description: 'The kitchen tap drips',
    });
    const statuses = ['acknowledged', 'scheduled', 'in-progress', 'done'] as const;
    await mailer!.stop();
    for (const status of statuses)
      await history.triageMaintenance(
        requestId,
        status,
        status === 'scheduled' ? { scheduledFor: '2026-05-02' } : {},
      );
    await start();
    // Stopped as soon as the first of the batch is out, then started again: it resumes.
    for (let i = 0; i < 300 && sink.mailbox.list().length < 6; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer!.stop();
    await start();
    await mailboxHolds(9);
    // And once more from its checkpoint with nothing new: still nine.
    await mailer!.stop();
    await start();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const all = subjects();
    expect(all).toHaveLength(9);
    expect(new Set(all).size).toBe(9);
    expect(all.filter((s) => s.startsWith('Maintenance request for 101'))).toHaveLength(4);
    const sent = await test.db(SENT_TABLE).where({ status: 'sent' }).count<{ n: string }[]>('* as n');
    expect(Number(sent[0]!.n)).toBe(9);
  });

  it('writes to a resident when the office comments on their request, and when they are removed', async () => {
    const { requestId } = await history.fileMaintenance(ana, 1, {
      category: 'electrical',
      description: 'The hall light flickers',
    });
    await history.commentOnMaintenance(requestId, ana, 'It is worse at night');
    await history.commentOnMaintenance(requestId, 'admin@building.test', 'The electrician comes on Sunday');
    await history.demote(ana);
    const [removed, commented] = await mailboxHolds(11);
    expect(commented!.subject).toBe('The building office wrote on your maintenance request');
    expect(commented!.text).toContain('The electrician comes on Sunday');
    expect(removed).toMatchObject({ to: [ana], subject: 'Your membership has ended' });
  });

  it('sends the deposit’s receipt, and what its settlement kept and returned', async () => {
    // Ana's lease ended above: her deposit is paid late, then settled.
    await history.payDeposit(ana, 1, 2_469_000, 'bank', 'DBBL-1');
    await history.settleDeposit(
      ana,
      1,
      [{ reason: 'Broken window', amountPoisha: 500_000 }],
      'cash',
      'DESK-9',
    );
    const [settled, paid] = await mailboxHolds(13);
    expect(paid!.subject).toBe('Receipt: deposit, ৳ 24,690 by bank transfer');
    expect(settled!.subject).toBe('Your deposit is settled: ৳ 19,690 returned');
    expect(settled!.text).toContain('৳ 5,000 was kept');
    expect(settled!.text).toContain('returned by cash (reference DESK-9)');
  });

  it('tells the resident of a partial refund made at the provider that its part is due again, then sends the receipt of that part', async () => {
    const ben = 'ben@building.test';
    await history.register(ben, 'Ben');
    await history.list(9, { rent: 12_345 });
    await history.accept((await history.request(9, ben)).requestId);
    const before = (await mailboxHolds(sink.mailbox.list().length + 1)).length;
    const may = await history.pay(ben, 9, 'May', 2026);
    await mailboxHolds(before + 1);
    await history.refundAtProvider(may.transactionId, 234_500);
    const [refunded] = await mailboxHolds(before + 2);
    expect(refunded).toMatchObject({ to: [ben], subject: 'Refund: rent for May 2026, ৳ 2,345' });
    expect(refunded!.text).toContain(
      'The rest of the payment still counts for the month; the ৳ 2,345 refunded is due again: you can pay it from your dashboard.',
    );
    await history.pay(ben, 9, 'May', 2026);
    const [receipt] = await mailboxHolds(before + 3);
    expect(receipt!.subject).toBe('Receipt: rent for May 2026, ৳ 2,345');
  });
  it("itemises the receipt of a month's total, in English and in Bangla", async () => {
    const [cai, dipa] = ['cai@building.test', 'dipa@building.test'];
    await history.register(cai, 'Cai');
    await history.register(dipa, 'Dipa');
    await history.chooseLanguage(dipa, 'bn');
    await history.list(10, { rent: 12_345 });
    await history.list(11, { rent: 12_345 });
    await history.accept((await history.request(10, cai)).requestId);
    await history.accept((await history.request(11, dipa)).requestId);
    for (const si of [10, 11]) {
      await history.charge(si, 'June', 2026, 250_000, 'Generator fuel');
      await history.pay(si === 10 ? cai : dipa, si, 'June', 2026);
    }
    const receiptTo = async (to: string) => {
      for (let i = 0; i < 300; i++) {
        const mail = sink.mailbox.list().find((m) => m.to.includes(to) && m.attachments.length > 0);
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no receipt to ${to}`);
    };
    const [inEnglish, inBangla] = [await receiptTo(cai), await receiptTo(dipa)];
    expect(inEnglish.subject).toBe('Receipt: rent for June 2026, ৳ 14,845');
    expect(inEnglish.text).toContain('What it paid:\n- Rent: ৳ 12,345\n- Generator fuel: ৳ 2,500');
    expect(pdfPageText(inEnglish.contents[0]!)).toContain('Generator fuel৳ 2,500');
    expect(inBangla.text).toContain('যা পরিশোধ হলো:\n- ভাড়া: ৳ ১২,৩৪৫\n- Generator fuel: ৳ ২,৫০০');
  });
});
