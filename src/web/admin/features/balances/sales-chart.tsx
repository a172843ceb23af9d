/** A small bar chart of daily sales (inline SVG, no chart library), with the numbers as a table for screen readers. */
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../components/ui/price';

export function SalesChart({ sales }: { sales: { date: string; cents: number }[] }) {
  const { t, i18n } = useTranslation('balances');
  const money = useMoney();
  const max = Math.max(1, ...sales.map((s) => s.cents));
  const w = 28;
  const h = 120;
  const day = (d: string) =>
    new Date(`${d}T12:00:00Z`).toLocaleDateString(i18n.language === 'en' ? 'en-US' : 'es-MX', {
      day: 'numeric',
      month: 'short',
    });
  return (
    <figure className="sales-chart">
      <svg viewBox={`0 0 ${sales.length * w} ${h + 20}`} role="img" aria-labelledby="sales-chart-title">
        <title id="sales-chart-title">{t('summary.chartTitle')}</title>
        {sales.map((s, i) => {
          const bh = Math.round((s.cents / max) * h);
          return (
            <g key={s.date}>
              <rect x={i * w + 4} y={h - bh} width={w - 8} height={Math.max(bh, s.cents > 0 ? 2 : 0)} rx="3" />
              <rect className="sales-chart-base" x={i * w + 4} y={h} width={w - 8} height="1" />
              {i % 2 === 1 && (
                <text x={i * w + w / 2} y={h + 14} textAnchor="middle">
                  {day(s.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {/* The data for screen readers. A table ignores the 1 px box of .visually-hidden and widened the page on
          phones (423 px at 360), so the wrapper is the hidden box. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('summary.chartTitle')}</caption>
          <tbody>
            {sales.map((s) => (
              <tr key={s.date}>
                <th scope="row">{day(s.date)}</th>
                <td>{money(s.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
