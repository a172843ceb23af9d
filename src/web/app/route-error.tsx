/**
 * The screen for a page that could not load or crashed (React Router's errorElement): a translated message and a
 * retry that reloads the page (fetching the current chunks after a deploy). Never a stack trace for shoppers.
 */
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError } from '../lib/load-chunk';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  if (!chunk) console.error(error);
  return (
    <main className="container page stack" style={{ maxWidth: 560, textAlign: 'center', paddingTop: '3rem' }}>
      <h1>{t(chunk ? 'pageError.loadTitle' : 'pageError.crashTitle')}</h1>
      <p>{t(chunk ? 'pageError.loadText' : 'pageError.crashText')}</p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
          {t('pageError.retry')}
        </button>
      </p>
      <p>
        <a href="/">{t('pageError.home')}</a>
      </p>
    </main>
  );
}
