import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { storeConfigQuery } from '../shared/api/get-store-config';

/** Store content pages (/somos, /aviso, /faq, ...): the store's about text; editable content comes with the store builder. */
export function ContentPage({ slug }: { slug: string }) {
  const { t } = useTranslation('storefront');
  const config = useQuery(storeConfigQuery);
  return (
    <div className="container page">
      <article className="card stack">
        <h1>{t(`pages.${slug}`)}</h1>
        {slug === 'somos' && config.data?.aboutUs ? <p>{config.data.aboutUs}</p> : <p>{t(`pagesText.${slug}`)}</p>}
      </article>
    </div>
  );
}
