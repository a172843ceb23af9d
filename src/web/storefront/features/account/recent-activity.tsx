/**
 * What this browser remembers of the buyer (localStorage `palabrasbuscadas` and `vistosrecientes`), shown in the
 * account with a button to clear each list. Never sent to the server: it is the device's, not the account's.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useHydrated } from '../../../lib/use-hydrated';
import { useShop } from '../../../state/shop-store';
import { Button } from '../../../components/ui/button';

/** The searches and recently viewed products of this browser, each with "Borrar". */
export function RecentActivity() {
  const { t } = useTranslation('account');
  const hydrated = useHydrated();
  const words = useShop((s) => s.searchedWords).filter(() => hydrated);
  const viewed = useShop((s) => s.recentlyViewed).filter(() => hydrated);
  const setWords = useShop((s) => s.setSearchedWords);
  const setViewed = useShop((s) => s.setRecentlyViewed);
  return (
    <section className="card stack" aria-labelledby="activity-title">
      <h2 id="activity-title">{t('activity.title')}</h2>
      <p className="muted">{t('activity.text')}</p>
      <div className="stack">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h3 id="activity-searches" style={{ margin: 0 }}>
            {t('activity.searches')}
          </h3>
          {words.length > 0 && (
            <Button variant="ghost" onClick={() => setWords([])} aria-describedby="activity-searches">
              {t('activity.clear')}
            </Button>
          )}
        </div>
        {words.length ? (
          <ul
            className="row"
            aria-labelledby="activity-searches"
            style={{ listStyle: 'none', padding: 0, flexWrap: 'wrap' }}
          >
            {words.map((w) => (
              <li key={w}>
                <Link className="btn btn-secondary" to={paths.search({ q: w })}>
                  {w}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="small muted">{t('activity.noSearches')}</p>
        )}
      </div>
      <div className="stack">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h3 id="activity-viewed" style={{ margin: 0 }}>
            {t('activity.viewed')}
          </h3>
          {viewed.length > 0 && (
            <Button variant="ghost" onClick={() => setViewed([])} aria-describedby="activity-viewed">
              {t('activity.clear')}
            </Button>
          )}
        </div>
        {viewed.length ? (
          <ul className="stack" aria-labelledby="activity-viewed" style={{ listStyle: 'none', padding: 0 }}>
            {viewed.map((p) => (
              <li key={p.codigo}>
                <Link to={paths.product(p.codigo)}>{p.name}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="small muted">{t('activity.noViewed')}</p>
        )}
      </div>
    </section>
  );
}
