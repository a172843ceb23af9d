import { useTranslation } from 'react-i18next';

/** The page a 402 answer leads to. */
export function AccountSuspendedPage() {
  const { t } = useTranslation('storefront');
  return (
    <main className="container page empty-state">
      <h1>{t('suspended.title')}</h1>
      <p>{t('suspended.text')}</p>
    </main>
  );
}
