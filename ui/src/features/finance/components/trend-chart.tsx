import { useTranslation } from 'react-i18next';
import type { MonthlyStatementResponse } from '@building/events/books/statement';
import { formatNumber, formatShortMonth, formatTaka } from '../../../lib/format.ts';

type Trend = MonthlyStatementResponse['trend'];

const width = 360;
const height = 200;
const top = 12;
const bottom = 24;
const plot = height - top - bottom;
const colors = { income: '#257953', expenses: '#cc0f35', rate: '#1f6fb2' } as const;

const legend = [
  ['income', 'finance.legendIncome'],
  ['expenses', 'finance.legendExpenses'],
  ['rate', 'finance.legendRate'],
] as const;

const monthStart = (month: string) => Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);

/**
 * Income against expenses for each of the 12 months (bars, on one taka scale) and the collection
 * rate (a line, 0 to 100% on the same height). Plain SVG drawn to its box, so it fits a phone; its
 * own chunk, loaded after the statement.
 */
export default function TrendChart({ trend, label }: { trend: Trend; label: string }) {
  const { t } = useTranslation();
  const highest = Math.max(1, ...trend.flatMap((m) => [m.income, m.expenses]));
  const step = width / trend.length;
  const barHeight = (taka: number) => (Math.max(0, taka) / highest) * plot;
  const rateTop = Math.max(1, ...trend.map((m) => m.collectionRate ?? 0));
  const rated = trend.flatMap((m, i) =>
    m.collectionRate === null
      ? []
      : [{ x: step * i + step / 2, y: top + plot - (m.collectionRate / rateTop) * plot, month: m }],
  );
  return (
    <figure className="finance-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby="finance-chart-title finance-chart-desc"
      >
        <title id="finance-chart-title">{t('finance.chartTitle')}</title>
        <desc id="finance-chart-desc">{label}</desc>
        <line x1={0} x2={width} y1={top + plot} y2={top + plot} stroke="#999" strokeWidth={1} />
        {trend.map((m, i) => {
          const x = step * i;
          const income = barHeight(m.income);
          const expenses = barHeight(m.expenses);
          return (
            <g key={m.month}>
              <rect
                x={x + step * 0.15}
                y={top + plot - income}
                width={step * 0.32}
                height={income}
                fill={colors.income}
              >
                <title>{`${t('finance.legendIncome')}: ${formatTaka(m.income)}`}</title>
              </rect>
              <rect
                x={x + step * 0.53}
                y={top + plot - expenses}
                width={step * 0.32}
                height={expenses}
                fill={colors.expenses}
              >
                <title>{`${t('finance.legendExpenses')}: ${formatTaka(m.expenses)}`}</title>
              </rect>
              {/* Every other month named (the last one always): twelve names do not fit a phone. */}
              {(trend.length - 1 - i) % 2 === 0 && (
                <text x={x + step / 2} y={height - 8} textAnchor="middle" fontSize={10} fill="currentColor">
                  {formatShortMonth(monthStart(m.month))}
                </text>
              )}
            </g>
          );
        })}
        {rated.length > 1 && (
          <polyline
            points={rated.map((p) => `${p.x},${p.y}`).join(' ')}
            fill="none"
            stroke={colors.rate}
            strokeWidth={2}
          />
        )}
        {rated.map((p) => (
          <circle key={p.month.month} cx={p.x} cy={p.y} r={3} fill={colors.rate}>
            <title>{`${t('finance.legendRate')}: ${formatNumber((p.month.collectionRate ?? 0) * 100, 1)}%`}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="finance-legend">
        {legend.map(([key, words]) => (
          <span key={key}>
            <span className={`finance-swatch is-${key}`} aria-hidden="true" />
            {t(words)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
