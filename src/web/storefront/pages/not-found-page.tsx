import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';

/** /404: sorry, page not found, link to home. */
export function NotFoundPage() {
  const { t } = useTranslation('storefront');
  return (
    <div className="container page empty-state">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="btn btn-primary" to={paths.home()}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
