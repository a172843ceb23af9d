import { useTranslation } from 'react-i18next';

/** The loading state: the text "Loading..." (common:loading in both catalogues). */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status" aria-live="polite">
      {t('loading')}
    </div>
  );
}
