import { useTranslation } from 'react-i18next';

/**
 * Shown on a store's domain while its owner has not verified their email (403 STORE_NOT_PUBLISHED, decision 100): a
 * plain page of its own, never another store's content.
 */
export function NotPublishedPage() {
  const { t } = useTranslation('storefront');
  return (
    <main className="container page empty-state">
      <h1>{t('notPublished.title')}</h1>
      <p>{t('notPublished.text')}</p>
    </main>
  );
}
