/**
 * The lines that make a money total (src/shared/money.ts: orderMoneyLines for the buyer's total, settlementLines for
 * the seller's net of an order, balanceLines for the balance), as a two-column list: each screen names the lines in its own catalogue through `label`, amounts
 * are signed centavos formatted as MXN. Result lines (`total`, `net`, `toBalance`, `balance`) are set apart and bold.
 */
import { useMoney } from './price';
import type { MoneyLine } from '../../../shared/money';

const RESULTS = ['total', 'net', 'toBalance', 'balance'];

export function MoneyLines<K extends string>({
  lines,
  label,
  amount,
  testId,
  amountTestIds,
}: {
  lines: MoneyLine<K>[];
  label: (line: MoneyLine<K>) => string;
  /** Words instead of an amount for a line (e.g. "Gratis" for free shipping); undefined keeps the amount. */
  amount?: (line: MoneyLine<K>) => string | undefined;
  testId?: string;
  /** data-testid of a line's amount, by line key. */
  amountTestIds?: Partial<Record<K, string>>;
}) {
  const money = useMoney();
  return (
    <dl className="money-lines" data-testid={testId}>
      {lines.map((l) => {
        const result = RESULTS.includes(l.key);
        return (
          <div key={l.key} className={result ? 'money-line result' : 'money-line'} data-line={l.key}>
            <dt>{label(l)}</dt>
            <dd data-testid={amountTestIds?.[l.key]}>
              {amount?.(l) ?? (l.cents < 0 ? `−${money(-l.cents)}` : money(l.cents))}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
