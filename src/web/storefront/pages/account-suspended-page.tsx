import { useTranslation } from 'react-i18next';

/** SPEC §6/§8: the page a 402 answer leads to. */
export function AccountSuspendedPage() {
  const { t } = useTranslation('storefront');
  return (
    <main className="container page empty-state">
      <h1>{t('suspended.title')}</h1>
      <p>{t('suspended.text')}</p>
    </main>
  );
}
