import { useTranslation } from 'react-i18next';

/** Shown when the store's website is deactivated. */
export function UnderConstructionPage({ name }: { name: string }) {
  const { t } = useTranslation('storefront');
  return (
    <main className="container page empty-state">
      <h1>{name}</h1>
      <p>{t('underConstruction')}</p>
    </main>
  );
}
