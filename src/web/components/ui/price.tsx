import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/money';

/** Formats integer centavos as MXN in the current language. */
export function useMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  return (cents) => formatMoney(cents, lang);
}

/** A price with an optional struck-through compare-at price. */
export function Price({ cents, compareAtCents }: { cents: number; compareAtCents?: number | null }) {
  const money = useMoney();
  return (
    <span className="price">
      {money(cents)}
      {compareAtCents && compareAtCents > cents ? <s className="price-compare">{money(compareAtCents)}</s> : null}
    </span>
  );
}
