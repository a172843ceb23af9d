/**
 * /admin/catalogoglobal: the other suppliers' products a store may sell (decision 134). A search box, facet filters
 * (department, category, supplier, origin, wholesale price; folded behind a button on phones), a sort, result cards
 * and pages. The whole search lives in the URL, so a result page can be shared and the back button works.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { ProductImage } from '../../../components/ui/product-image';
import { useMoney } from '../../../components/ui/price';
import { adminPaths } from '../../shared/paths';
import { QueryError } from '../../shared/query-error';
import {
  globalCatalogSort,
  type GlobalCatalogFacet,
  type GlobalCatalogItem,
  type GlobalCatalogQuery,
} from '../../../../shared/contracts/marketplace';
import { offerKey } from '../../../../shared/features';
import { globalCatalogQuery } from './global-catalog-api';
import './global-catalog.css';

type FacetKey = 'department' | 'category' | 'supplier' | 'origin';
const FACETS: { key: FacetKey; facet: 'departments' | 'categories' | 'suppliers' | 'origins' }[] = [
  { key: 'department', facet: 'departments' },
  { key: 'category', facet: 'categories' },
  { key: 'supplier', facet: 'suppliers' },
  { key: 'origin', facet: 'origins' },
];

/** "México" for MX in Spanish, "Mexico" in English; the code itself where the browser has no name for it. */
export function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang === 'en' ? 'en' : 'es'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Whole pesos typed in a price filter, as centavos; undefined when empty or not a number. */
const pesosToCents = (v: string | null) => {
  const n = Number(v);
  return v && Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : undefined;
};

export function GlobalCatalogPage() {
  const { t } = useTranslation('marketplace');
  const [params, setParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sort = globalCatalogSort.safeParse(params.get('sort')).data ?? 'relevance';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: GlobalCatalogQuery = {
    q: params.get('q') ?? undefined,
    department: params.get('department') ?? undefined,
    category: params.get('category') ?? undefined,
    supplier: params.get('supplier') ?? undefined,
    origin: params.get('origin') ?? undefined,
    priceMin: pesosToCents(params.get('min')),
    priceMax: pesosToCents(params.get('max')),
    sort,
    page,
  };
  const results = useQuery(globalCatalogQuery(query));

  /** Sets (or clears, with '') search parameters; any change but the page goes back to page 1. */
  const update = (changes: Record<string, string>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(changes))
        if (v) p.set(k, v);
        else p.delete(k);
      if (!('page' in changes)) p.delete('page');
      return p;
    });

  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    update({ q: String(form.get('q') ?? '').trim() });
  };
  const onPrices = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    update({ min: String(form.get('min') ?? ''), max: String(form.get('max') ?? '') });
  };

  const data = results.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const chosen = FACETS.filter((f) => params.get(f.key));

  return (
    <div className="stack global-catalog">
      <div>
        <h1>{t('catalog.title')}</h1>
        <p className="muted">{t(offerKey('catalog.intro', 'dropshipping'))}</p>
      </div>
      <form role="search" className="gc-search" onSubmit={onSearch}>
        <label htmlFor="gc-q" className="visually-hidden">
          {t('catalog.searchLabel')}
        </label>
        <input
          id="gc-q"
          name="q"
          type="search"
          maxLength={200}
          defaultValue={query.q ?? ''}
          key={query.q ?? ''}
          placeholder={t('catalog.searchPlaceholder')}
        />
        <Button type="submit">{t('catalog.search')}</Button>
      </form>

      <div className="gc-layout">
        <div className="gc-filters-toggle">
          <Button
            variant="secondary"
            aria-expanded={filtersOpen}
            aria-controls="gc-filters"
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            {t('catalog.filters')}
            {chosen.length > 0 && ` (${chosen.length})`}
          </Button>
        </div>
        <aside id="gc-filters" className={`gc-filters card stack${filtersOpen ? ' open' : ''}`}>
          {FACETS.map(({ key, facet }) => (
            <FacetGroup
              key={key}
              title={t(`catalog.facet.${key}`)}
              name={key}
              options={data?.facets[facet] ?? []}
              chosen={params.get(key)}
              onChange={(v) => update({ [key]: v })}
            />
          ))}
          <form className="gc-prices stack" onSubmit={onPrices} key={`${params.get('min')}-${params.get('max')}`}>
            <fieldset>
              <legend>{t('catalog.facet.price')}</legend>
              <div className="gc-price-row">
                <label>
                  <span>{t('catalog.priceMin')}</span>
                  <input name="min" type="number" min={0} inputMode="decimal" defaultValue={params.get('min') ?? ''} />
                </label>
                <label>
                  <span>{t('catalog.priceMax')}</span>
                  <input name="max" type="number" min={0} inputMode="decimal" defaultValue={params.get('max') ?? ''} />
                </label>
              </div>
            </fieldset>
            <Button type="submit" variant="secondary">
              {t('catalog.applyPrice')}
            </Button>
          </form>
        </aside>

        <section className="gc-results stack" aria-labelledby="gc-results-title" aria-busy={results.isFetching}>
          <div className="toolbar gc-toolbar">
            <h2 id="gc-results-title" className="gc-count">
              {data ? t('catalog.count', { count: data.total }) : t('loading')}
            </h2>
            <label className="gc-sort">
              <span>{t('catalog.sortLabel')}</span>
              <select
                value={sort}
                onChange={(e) => update({ sort: e.target.value === 'relevance' ? '' : e.target.value })}
              >
                {globalCatalogSort.options.map((s) => (
                  <option key={s} value={s}>
                    {t(`catalog.sort.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {data?.approximate && <p className="small muted">{t('catalog.approximate', { q: query.q })}</p>}
          {results.isPending ? (
            <Loading />
          ) : results.isError ? (
            <QueryError error={results.error} onRetry={() => void results.refetch()} />
          ) : data!.items.length === 0 ? (
            <EmptyState title={t('catalog.emptyTitle')}>
              <p className="muted">{query.q || chosen.length ? t('catalog.emptyFiltered') : t('catalog.emptyAll')}</p>
              {(query.q || chosen.length > 0) && (
                <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>
                  {t('catalog.clear')}
                </Button>
              )}
            </EmptyState>
          ) : (
            <ul className="gc-grid" aria-label={t('catalog.resultsLabel')}>
              {data!.items.map((item) => (
                <ResultCard key={item.offerId} item={item} />
              ))}
            </ul>
          )}
          {data && pages > 1 && (
            <nav className="pagination" aria-label={t('catalog.pages')}>
              <Button variant="ghost" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
                {t('catalog.previous')}
              </Button>
              <span aria-current="page">{t('catalog.pageOf', { page: query.page, pages })}</span>
              <Button variant="ghost" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
                {t('catalog.next')}
              </Button>
            </nav>
          )}
        </section>
      </div>
    </div>
  );
}

function FacetGroup({
  title,
  name,
  options,
  chosen,
  onChange,
}: {
  title: string;
  name: string;
  options: GlobalCatalogFacet[];
  chosen: string | null;
  onChange: (value: string) => void;
}) {
  const { t, i18n } = useTranslation('marketplace');
  if (!options.length && !chosen) return null;
  // A chosen value the current words no longer match stays listed (checked, none), so it can be seen and undone.
  const shown =
    chosen && !options.some((o) => o.value === chosen)
      ? [...options, { value: chosen, label: t('catalog.chosenNone'), count: 0 }]
      : options;
  return (
    <fieldset className="gc-facet">
      <legend>{title}</legend>
      <label className="gc-facet-option">
        <input type="radio" name={`gc-${name}`} checked={!chosen} onChange={() => onChange('')} />
        <span>{t('catalog.all')}</span>
      </label>
      {shown.map((o) => (
        <label key={o.value} className="gc-facet-option">
          <input type="radio" name={`gc-${name}`} checked={chosen === o.value} onChange={() => onChange(o.value)} />
          <span>
            {name === 'origin' && o.count ? countryName(o.label, i18n.language) : o.label}{' '}
            <span className="muted small">({o.count})</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function ResultCard({ item }: { item: GlobalCatalogItem }) {
  const { t } = useTranslation('marketplace');
  const money = useMoney();
  return (
    <li className="card gc-card">
      <Link to={adminPaths.globalOffer(item.offerId)} className="gc-card-link">
        <ProductImage base={item.coverUrl} alt="" sizes="(min-width: 900px) 20vw, 45vw" />
        <span className="gc-card-name">{item.name}</span>
      </Link>
      <dl className="gc-card-facts small">
        <div>
          <dt>{t('catalog.wholesaleFrom')}</dt>
          <dd className="gc-price">{money(item.wholesaleFromCents)}</dd>
        </div>
        {item.suggestedRetailCents !== null && (
          <div>
            <dt>{t('catalog.suggested')}</dt>
            <dd>{money(item.suggestedRetailCents)}</dd>
          </div>
        )}
        <div>
          <dt>{t('catalog.stock')}</dt>
          <dd>{item.stock}</dd>
        </div>
        <div>
          <dt>{t('catalog.moq')}</dt>
          <dd>{item.moq}</dd>
        </div>
        <div>
          <dt>{t('catalog.supplier')}</dt>
          <dd>
            {item.supplier.name}
            {item.supplier.badges?.map((b) => (
              <span key={b} className="badge gc-supplier-badge">
                {t(`supplierBadges.${b}`)}
              </span>
            ))}
          </dd>
        </div>
      </dl>
      {item.listed && <span className="badge gc-listed">{t('catalog.listed')}</span>}
    </li>
  );
}
