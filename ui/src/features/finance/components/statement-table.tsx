import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonthlyStatementResponse } from '@building/events/books/statement';
import { formatNumber, formatTaka } from '../../../lib/format.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <tbody>
      <tr>
        <th colSpan={2} scope="rowgroup" className="pt-4">
          {title}
        </th>
      </tr>
      {children}
    </tbody>
  );
}

function Row({ item, amount, total = false }: { item: string; amount: string; total?: boolean }) {
  return (
    <tr className={total ? 'has-text-weight-bold' : undefined}>
      <td>{item}</td>
      <td className="finance-amount">{amount}</td>
    </tr>
  );
}

/** The month's statement: income by kind, expenses by category (what moved), then the summary. */
export function StatementTable({
  statement: s,
  caption,
}: {
  statement: MonthlyStatementResponse;
  caption: string;
}) {
  const { t } = useTranslation();
  const income = s.income.byKind.filter((i) => i.amount !== 0);
  const expenses = s.expenses.byCategory.filter((e) => e.amount !== 0);
  return (
    <table className="table is-fullwidth is-narrow">
      <caption className="has-text-left has-text-weight-semibold mb-2">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('finance.item')}</th>
          <th scope="col" className="finance-amount">
            {t('finance.amount')}
          </th>
        </tr>
      </thead>
      <Section title={t('finance.income')}>
        {income.map((i) => (
          <Row key={i.kind} item={t(`finance.incomeKinds.${i.kind}`)} amount={formatTaka(i.amount)} />
        ))}
        <Row item={t('finance.total')} amount={formatTaka(s.income.total)} total />
      </Section>
      <Section title={t('finance.expenses')}>
        {expenses.map((e) => (
          <Row key={e.category} item={t(`finance.categories.${e.category}`)} amount={formatTaka(e.amount)} />
        ))}
        <Row item={t('finance.total')} amount={formatTaka(s.expenses.total)} total />
      </Section>
      <Section title={t('finance.summary')}>
        <Row item={t('finance.net')} amount={formatTaka(s.net)} total />
        <Row item={t('finance.billed')} amount={formatTaka(s.billed)} />
        <Row item={t('finance.collected')} amount={formatTaka(s.collected)} />
        <Row
          item={t('finance.collectionRate')}
          amount={
            s.collectionRate === null
              ? t('finance.nothingBilled')
              : `${formatNumber(s.collectionRate * 100, 1)}%`
          }
        />
        <Row item={t('finance.receivables')} amount={formatTaka(s.receivables)} />
        <Row item={t('finance.depositsHeld')} amount={formatTaka(s.depositsHeld)} />
      </Section>
    </table>
  );
}
