/** "/": banner carousel, departments, featured, newest and best sellers, recently viewed. */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useShop } from '../../../state/shop-store';
import { ProductGrid } from '../../components/product-card';
import { departmentsQuery } from '../../shared/api/get-departments';
import { storeConfigQuery } from '../../shared/api/get-store-config';
import { Carousel } from './carousel';
import { homeQuery } from './api/get-home';
import { useHydrated } from '../../../lib/use-hydrated';
import { HydrateLater } from '../../../lib/hydrate-in-steps';
import type { HomeResponse } from '../../../../shared/contracts/catalog';

export function HomePage() {
  const { t } = useTranslation('storefront');
  const config = useQuery(storeConfigQuery);
  const home = useQuery(homeQuery);
  const departments = useQuery(departmentsQuery);
  return (
    <div className="container page">
      <h1 className="visually-hidden">{config.data?.nombretienda}</h1>
      <Carousel slides={config.data?.banners ?? []} />
      {departments.data && departments.data.length > 0 && (
        <section className="section" aria-labelledby="home-deps">
          <h2 id="home-deps">{t('departments')}</h2>
          <HydrateLater>
            <ul className="dept-grid">
              {departments.data.map((d) => (
                <li key={d.slug}>
                  <Link className="dept-tile" to={paths.department(d.slug)}>
                    <strong>{d.name}</strong>
                    <span>{t('productCount', { count: d.productCount })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </HydrateLater>
        </section>
      )}
      {[
        ['featured', home.data?.featured],
        ['bestSellers', home.data?.bestSellers],
        ['newest', home.data?.newest],
      ].map(([key, list]) =>
        home.isPending || (list as unknown[] | undefined)?.length ? (
          <section key={key as string} className="section" aria-labelledby={`home-${key as string}`}>
            <div className="section-head">
              <h2 id={`home-${key as string}`}>{t(`home.${key as string}`)}</h2>
              <Link to={paths.search({ sort: key === 'newest' ? 'newest' : 'best_seller' })}>{t('home.seeAll')}</Link>
            </div>
            <ProductGrid
              products={(list as HomeResponse['featured'] | undefined)?.slice(0, 8)}
              loading={home.isPending}
              eagerFirst={key === 'featured' ? 2 : 0}
            />
          </section>
        ) : null,
      )}
      <RecentlyViewed />
    </div>
  );
}

/**
 * Recently viewed products (localStorage), shown once hydrated (decision 035). A component of its own so that the
 * render after hydration is this section's alone, not the whole home page's.
 */
function RecentlyViewed() {
  const { t } = useTranslation('storefront');
  const hydrated = useHydrated();
  const viewed = useShop((s) => s.recentlyViewed).filter(() => hydrated);
  if (!viewed.length) return null;
  return (
    <section className="section" aria-labelledby="home-viewed">
      <h2 id="home-viewed">{t('home.recentlyViewed')}</h2>
      <ProductGrid products={viewed.slice(0, 8)} />
    </section>
  );
}
