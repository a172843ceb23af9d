/**
 * /search, /search/keyword, /deps/departamento, /cat: results with department and category filters, the four
 * sorts, paging, result count, "did you mean" and an empty state. State lives in the URL so it can be shared.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ProductGrid } from '../../components/product-card';
import { SelectField } from '../../../components/ui/field';
import { EmptyState } from '../../../components/ui/empty-state';
import { Alert } from '../../../components/ui/alert';
import { searchQuery } from './api/search-products';

const SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'best_seller'] as const;

export function SearchPage() {
  const { t } = useTranslation('storefront');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  const departamento = params.get('departamento') ?? '';
  const categoria = params.get('categoria') ?? '';
  const sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '') ? params.get('sort')! : 'relevance';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const result = useQuery(searchQuery({ q, departamento, categoria, sort, page }));
  const link = (over: Record<string, string | number | undefined>) =>
    paths.search({
      q: q || undefined,
      departamento: departamento || undefined,
      categoria: categoria || undefined,
      sort: sort === 'relevance' ? undefined : sort,
      ...over,
    });
  const data = result.data;
  const pages = data ? Math.ceil(data.total / data.pageSize) : 0;
  const depName = data?.departments.find((d) => d.slug === departamento)?.name;
  // While a new answer loads the previous one stays on screen (keepPreviousData): only categories of the department
  // now chosen may be offered, or a link would combine this department with another's category.
  const categories = departamento ? (data?.categories ?? []).filter((c) => c.department === departamento) : [];
  const title = q ? t('search.resultsFor', { q }) : (depName ?? t('allProducts'));

  return (
    <div className="container page">
      <h1>{title}</h1>
      {data?.suggestion && (
        <Alert kind="info">
          {t('search.didYouMean')} <Link to={paths.search({ q: data.suggestion })}>{data.suggestion}</Link>
          {t('search.didYouMeanEnd')}
        </Alert>
      )}
      <div className="search-layout">
        <aside className="filters card" aria-label={t('search.filters')}>
          <div>
            <h2 className="small">{t('departments')}</h2>
            <ul>
              <li>
                <Link
                  to={link({ departamento: undefined, categoria: undefined, page: undefined })}
                  aria-current={!departamento}
                >
                  {t('search.all')}
                </Link>
              </li>
              {data?.departments.map((d) => (
                <li key={d.slug}>
                  <Link
                    to={link({ departamento: d.slug, categoria: undefined, page: undefined })}
                    aria-current={d.slug === departamento}
                  >
                    <span>{d.name}</span>
                    <span className="muted">{d.count}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          {categories.length > 0 && (
            <div>
              <h2 className="small">{t('search.categories')}</h2>
              <ul>
                {categories.map((c) => (
                  <li key={c.slug}>
                    <Link
                      to={link({ categoria: c.slug === categoria ? undefined : c.slug, page: undefined })}
                      aria-current={c.slug === categoria}
                    >
                      <span>{c.name}</span>
                      <span className="muted">{c.count}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </aside>
        <section aria-labelledby="results-count">
          <div className="toolbar">
            <p id="results-count" className="muted" aria-live="polite">
              {data ? t('search.count', { count: data.total }) : t('search.searching')}
            </p>
            <SelectField
              label={t('search.sortBy')}
              value={sort}
              onChange={(e) =>
                navigate(link({ sort: e.target.value === 'relevance' ? undefined : e.target.value, page: undefined }))
              }
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`search.sort.${s}`)}
                </option>
              ))}
            </SelectField>
          </div>
          {result.isError && <Alert kind="error">{(result.error as Error).message}</Alert>}
          {data && data.total === 0 ? (
            <EmptyState title={t('search.emptyTitle')}>
              <p>{t('search.emptyText')}</p>
              <Link className="btn btn-secondary" to={paths.search()}>
                {t('allProducts')}
              </Link>
            </EmptyState>
          ) : (
            <ProductGrid products={data?.items} loading={result.isPending} eagerFirst={4} />
          )}
          {pages > 1 && (
            <nav className="pagination" aria-label={t('search.pagination')}>
              {page > 1 && (
                <Link to={link({ page: page - 1 })} aria-label={t('search.previousPage')}>
                  ‹
                </Link>
              )}
              {Array.from({ length: pages }, (_, i) => i + 1)
                .filter((p) => p === 1 || p === pages || Math.abs(p - page) <= 2)
                .map((p) =>
                  p === page ? (
                    <span key={p} aria-current="page">
                      {p}
                    </span>
                  ) : (
                    <Link key={p} to={link({ page: p })}>
                      {p}
                    </Link>
                  ),
                )}
              {page < pages && (
                <Link to={link({ page: page + 1 })} aria-label={t('search.nextPage')}>
                  ›
                </Link>
              )}
            </nav>
          )}
        </section>
      </div>
    </div>
  );
}
