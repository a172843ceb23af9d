/**
 * The storefront shell: header (logo, search with recent words, cart, account, language), departments bar, footer.
 * Loads the store configuration once and refreshes recently viewed products.
 */
import { Link, NavLink, Outlet, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n';
import { paths } from '../../app/paths';
import { useShop } from '../../state/shop-store';
import { useCurrentUser } from '../../shared/api/get-current-user';
import { Loading } from '../../components/ui/loading';
import { CartIcon, SearchIcon, UserIcon } from '../../components/ui/icons';
import { departmentsQuery } from '../shared/api/get-departments';
import { useStoreConfig } from '../shared/use-store-config';
import { useRecentlyViewedRefresh } from '../shared/use-recently-viewed-refresh';
import { usePageView } from '../shared/use-page-view';
import type { SearchBoxValues } from '../shared/search-box-schema';
import { UnderConstructionPage } from '../pages/under-construction-page';
import { AccountSuspendedPage } from '../pages/account-suspended-page';
import { NotPublishedPage } from '../pages/not-published-page';
import { ApiError } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { HydrateLater } from '../../lib/hydrate-in-steps';

/**
 * The signed-in buyer's messages link, with its unread count and live stream: its own chunk, loaded once a buyer is
 * known to be signed in, so the messages client stays out of every shopper's first load (decision 069's budget). A
 * chunk that cannot load leaves the header without the link rather than the page without its layout.
 */
const loadMessagesLink = () => import('../shared/messages-link');
// A browser that holds a buyer's token starts loading it with the page, alongside the account request that shows it.
if (typeof window !== 'undefined' && getToken('storefront')) void loadMessagesLink().catch(() => undefined);
const MessagesLink = lazy(() =>
  loadMessagesLink().then(
    (m): { default: ComponentType } => ({ default: m.MessagesLink }),
    () => ({ default: () => null }),
  ),
);

/**
 * The search box's schema check. The zod schema is loaded when the box gets focus (so zod stays out of the first
 * load), and by the time the shopper presses Enter the submit validates at once. A one-field form without
 * react-hook-form, whose 18 KB gzip would otherwise be in every shopper's first load (decision 069).
 */
let loadedSearchCheck: ((values: SearchBoxValues) => boolean) | null = null;
const loadSearchCheck = () =>
  import('../shared/search-box-schema').then(
    (m) => (loadedSearchCheck = (values) => m.searchBoxSchema.safeParse(values).success),
  );

function SearchBox() {
  const { t } = useTranslation('storefront');
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The browser's own words show after hydration (the server cannot know them).
  const words = useShop((s) => s.searchedWords).filter(() => hydrated);
  const addWord = useShop((s) => s.addSearchedWord);
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = new FormData(e.currentTarget).get('q');
    const values = { q: typeof q === 'string' ? q : '' };
    void (loadedSearchCheck ? Promise.resolve(loadedSearchCheck) : loadSearchCheck()).then((valid) => {
      const ok = valid(values);
      setInvalid(!ok);
      const term = values.q.trim();
      if (!ok || !term) return;
      addWord(term);
      navigate(paths.search({ q: term }));
    });
  };
  return (
    // action/method: before hydration (a server-rendered page) the browser itself submits to the results page.
    <form className="search-form" role="search" action="/search/keyword" method="get" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id="site-search"
        type="search"
        name="q"
        defaultValue={params.get('q') ?? ''}
        onFocus={() => void loadSearchCheck()}
        aria-invalid={invalid ? true : undefined}
        placeholder={t('search.placeholder')}
        list="searched-words"
        autoComplete="off"
        enterKeyHint="search"
      />
      <datalist id="searched-words">
        {words.map((w) => (
          <option key={w} value={w} />
        ))}
      </datalist>
      <button type="submit" aria-label={t('search.submit')}>
        <SearchIcon />
      </button>
    </form>
  );
}

/**
 * The header's cart link with the number of units in the cart. The cart lives in localStorage: a server-rendered page
 * shows its count once hydrated, in this component's own render rather than the whole layout's.
 */
function CartLink({ icon }: { icon?: string | null }) {
  const { t } = useTranslation('storefront');
  const hydrated = useHydrated();
  const storedCount = useShop((s) => s.cart.reduce((n, l) => n + l.quantity, 0));
  const cartCount = hydrated ? storedCount : 0;
  return (
    <Link className="icon-btn" to={paths.cart()} aria-label={t('cartWithCount', { count: cartCount })}>
      {icon ? <img src={icon} alt="" width={24} height={24} /> : <CartIcon />}
      <span className="cart-count" aria-hidden="true">
        {cartCount}
      </span>
    </Link>
  );
}

export function ShopLayout() {
  const { t, i18n } = useTranslation('storefront');
  const config = useStoreConfig();
  useRecentlyViewedRefresh(config.isSuccess);
  usePageView(config.isSuccess && config.data.websiteActive);
  const departments = useQuery(departmentsQuery);
  const customer = useCurrentUser('storefront');
  const lang = i18n.language === 'en' ? 'en' : 'es';

  if (config.isPending) return <Loading />;
  if (config.data && !config.data.websiteActive) return <UnderConstructionPage name={config.data.nombretienda} />;
  // A suspended store (402, decision 062): the suspended-account page on any path, as a deactivated site's page above.
  if (config.error instanceof ApiError && config.error.status === 402) return <AccountSuspendedPage />;
  if (config.error instanceof ApiError && config.error.code === 'STORE_NOT_PUBLISHED') return <NotPublishedPage />;
  const store = config.data;

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="site-header">
        <div className="container header-bar">
          <Link
            to={paths.home()}
            className="brand"
            aria-label={t('homeOf', { name: store?.nombretienda ?? 'Vitrina' })}
          >
            {store?.logo && <img src={store.logo} alt="" width={34} height={34} />}
            <span>{store?.nombretienda ?? 'Vitrina'}</span>
          </Link>
          <SearchBox />
          <nav className="header-actions" aria-label={t('accountNav')}>
            {/* The accessible name starts with the visible "EN"/"ES" (WCAG 2.5.3), then says what the button does. */}
            <button
              type="button"
              className="icon-btn lang-switch"
              onClick={() => setLanguage(lang === 'es' ? 'en' : 'es')}
              aria-label={`${lang === 'es' ? 'EN' : 'ES'} – ${t('switchLanguage')}`}
            >
              {lang === 'es' ? 'EN' : 'ES'}
            </button>
            {customer.data ? (
              <Link className="icon-btn" to={paths.orders()}>
                <UserIcon />
                <span className="hide-mobile">{t('myOrders')}</span>
              </Link>
            ) : (
              <Link className="icon-btn" to={paths.login()}>
                <UserIcon />
                <span className="hide-mobile">{t('signIn')}</span>
              </Link>
            )}
            {customer.data && (
              <Suspense fallback={null}>
                <MessagesLink />
              </Suspense>
            )}
            <CartLink icon={store?.cartIcon} />
          </nav>
        </div>
        {/* Links only: the departments bar and the footer hydrate after the page (decision 088). */}
        {departments.data && departments.data.length > 0 && (
          <HydrateLater>
            <nav className="dept-nav" aria-label={store?.menuName ?? t('departments')}>
              <ul className="container">
                <li>
                  <NavLink to={paths.search()} end>
                    {t('allProducts')}
                  </NavLink>
                </li>
                {departments.data.map((d) => (
                  <li key={d.slug}>
                    <NavLink to={paths.department(d.slug)}>{d.name}</NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </HydrateLater>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <HydrateLater>
          <div className="container footer-grid">
            <div>
              <strong>{store?.nombretienda}</strong>
              {store?.aboutUs && <p>{store.aboutUs}</p>}
              {store?.supportPhone && (
                <p>
                  {t('footer.phone')}:{' '}
                  <a href={`tel:${store.supportPhone.replace(/\s+/g, '')}`}>{store.supportPhone}</a>
                </p>
              )}
              {store?.supportEmail && (
                <p>
                  {t('footer.email')}: <a href={`mailto:${store.supportEmail}`}>{store.supportEmail}</a>
                </p>
              )}
            </div>
            <nav aria-label={t('footer.help')}>
              <ul>
                <li>
                  <Link to={paths.page('somos')}>{t('pages.somos')}</Link>
                </li>
                <li>
                  <Link to={paths.page('pagos_envios')}>{t('pages.pagos_envios')}</Link>
                </li>
                <li>
                  <Link to={paths.page('politicas_compras')}>{t('pages.politicas_compras')}</Link>
                </li>
                <li>
                  <Link to={paths.page('faq')}>{t('pages.faq')}</Link>
                </li>
                <li>
                  <Link to={paths.page('aviso')}>{t('pages.aviso')}</Link>
                </li>
              </ul>
            </nav>
            <div>
              {/* The methods this deployment takes (its payment providers), not a fixed list. */}
              {store?.paymentMethods.length ? (
                <p>
                  {t('footer.paymentMethods', {
                    methods: store.paymentMethods.map((m) => t(`footer.methods.${m}`)).join(', '),
                  })}
                </p>
              ) : null}
              {store?.social && (
                <ul>
                  {store.social.facebook && (
                    <li>
                      <a href={store.social.facebook} rel="noopener noreferrer" target="_blank">
                        Facebook
                      </a>
                    </li>
                  )}
                  {store.social.instagram && (
                    <li>
                      <a href={store.social.instagram} rel="noopener noreferrer" target="_blank">
                        Instagram
                      </a>
                    </li>
                  )}
                  {store.social.youtube && (
                    <li>
                      <a href={store.social.youtube} rel="noopener noreferrer" target="_blank">
                        YouTube
                      </a>
                    </li>
                  )}
                </ul>
              )}
            </div>
          </div>
        </HydrateLater>
      </footer>
    </>
  );
}
