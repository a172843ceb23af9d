import { useTranslation } from 'react-i18next';

/** Star rating (0-5, decimals rounded to half stars) with an accessible label. */
export function Stars({ value, count }: { value: number; count?: number }) {
  const { t } = useTranslation('storefront');
  const full = Math.round(value);
  return (
    <span className="stars" role="img" aria-label={t('rating', { value: value.toFixed(1), count: count ?? 0 })}>
      {'★'.repeat(full)}
      {'☆'.repeat(5 - full)}
      {count !== undefined && <span className="muted small"> ({count})</span>}
    </span>
  );
}
