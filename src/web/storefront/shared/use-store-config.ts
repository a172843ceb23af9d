/**
 * The store's website configuration: loaded once at start. On load the page language switches to the
 * store's language (unless the shopper chose one), the title becomes the store name and the icon the store icon.
 * A failure is only logged.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { hasChosenLanguage, setLanguage } from '../../lib/i18n';
import { storeConfigQuery } from './api/get-store-config';

export function useStoreConfig() {
  const query = useQuery(storeConfigQuery);
  const config = query.data;
  useEffect(() => {
    if (query.error) console.error('configwebsite failed', query.error);
  }, [query.error]);
  useEffect(() => {
    if (!config) return;
    if (!hasChosenLanguage()) setLanguage(config.lang, false);
    document.title = config.nombretienda;
    if (config.icon) {
      let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.appendChild(link);
      }
      link.href = config.icon;
    }
  }, [config]);
  return query;
}
