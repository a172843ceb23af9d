/**
 * /admin/catalogo (catalogue, archived, out of stock): the store's
 * products with search, filters (stock, visibility), paging, an out-of-stock badge, archive and restore, and the
 * archived list as a second tab. The URL holds the state (?tab=archived&q=&stock=&visibility=&page=).
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { useMoney } from '../../../components/ui/price';
import { adminPaths } from '../../shared/paths';
import { ProductImage } from '../../../components/ui/product-image';
import { adminProductsQuery, useArchiveProduct } from './api/products';
import { CsvTransfer } from './csv-transfer';
import './catalog.css';
import { isForbidden, NoPermission } from '../../shared/no-permission';

const STOCK = ['all', 'out', 'in'] as const;
const VISIBILITY = ['all', 'visible', 'hidden'] as const;

export function CatalogPage() {
  const { t } = useTranslation('catalog');
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'archived' ? 'archived' : 'active';
  const q = params.get('q') ?? '';
  const stock = STOCK.find((s) => s === params.get('stock')) ?? 'all';
  const visibility = VISIBILITY.find((s) => s === params.get('visibility')) ?? 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const list = useQuery(adminProductsQuery({ status: tab, q: q || undefined, stock, visibility, page }));
  const archive = useArchiveProduct();
  const [done, setDone] = useState<string | null>(null);
  const pages = list.data ? Math.ceil(list.data.total / list.data.pageSize) : 0;

  const update = (next: Record<string, string | number | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '' || v === 'all' || (k === 'page' && v === 1) || (k === 'tab' && v === 'active'))
        merged.delete(k);
      else merged.set(k, String(v));
    }
    setParams(merged);
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: draft.trim(), page: 1 });
  };
  const toggleArchive = (codigo: string, name: string, toArchive: boolean) =>
    archive.mutate(
      { codigo, archive: toArchive },
      { onSuccess: () => setDone(t(toArchive ? 'list.archivedDone' : 'list.restoredDone', { name })) },
    );
  const filtered = Boolean(q) || stock !== 'all' || visibility !== 'all';
  if (isForbidden(list.error)) return <NoPermission />;

  return (
    <div className="stack">
      <div className="toolbar">
        <h1 style={{ margin: 0 }}>{t('list.title')}</h1>
        <Link className="btn btn-primary" to="/admin/altaproducto">
          {t('list.new')}
        </Link>
      </div>
      <CsvTransfer />
      <div role="tablist" aria-label={t('list.tabs')} className="catalog-tabs">
        {(['active', 'archived'] as const).map((id) => (
          <button
            key={id}
            role="tab"
            type="button"
            aria-selected={tab === id}
            className={tab === id ? 'active' : ''}
            onClick={() => update({ tab: id, page: 1 })}
          >
            {t(`list.tab.${id}`)}
          </button>
        ))}
      </div>
      <form className="catalog-filters" onSubmit={onSearch} role="search">
        <TextField
          label={t('list.search')}
          type="search"
          value={draft}
          placeholder={t('list.searchPlaceholder')}
          onChange={(e) => setDraft(e.target.value)}
        />
        <SelectField label={t('list.stock')} value={stock} onChange={(e) => update({ stock: e.target.value, page: 1 })}>
          {STOCK.map((s) => (
            <option key={s} value={s}>
              {t(`list.stockOption.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('list.visibility')}
          value={visibility}
          onChange={(e) => update({ visibility: e.target.value, page: 1 })}
        >
          {VISIBILITY.map((s) => (
            <option key={s} value={s}>
              {t(`list.visibilityOption.${s}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          {t('list.searchButton')}
        </Button>
      </form>
      {done && <Alert kind="success">{done}</Alert>}
      {archive.error && <Alert kind="error">{archive.error.message}</Alert>}
      {list.isError && <Alert kind="error">{list.error.message}</Alert>}
      {list.isPending ? (
        <Loading />
      ) : !list.data?.items.length ? (
        <EmptyState title={t(filtered ? 'list.noMatch' : tab === 'archived' ? 'list.emptyArchived' : 'list.empty')}>
          {!filtered && tab === 'active' && (
            <>
              <p>{t('list.emptyText')}</p>
              <Link className="btn btn-primary" to="/admin/altaproducto">
                {t('list.new')}
              </Link>
            </>
          )}
        </EmptyState>
      ) : (
        <ul className="catalog-list" aria-label={t('list.title')}>
          {list.data.items.map((p) => (
            <li key={p.codigo} className="card catalog-row">
              <div className="catalog-thumb">
                <ProductImage base={p.image} alt="" sizes="72px" />
              </div>
              <div className="catalog-info">
                {/* A listing's content follows its supplier's product: it is edited in Dropshipping. */}
                <Link
                  to={
                    p.isListing ? adminPaths.dropshipping() : `/admin/catalogo/producto/${encodeURIComponent(p.codigo)}`
                  }
                >
                  <strong>{p.name}</strong>
                </Link>
                <div className="small muted">
                  {t('list.model')}: {p.model}
                  {p.department ? ` · ${p.department}` : ''}
                  {p.category ? ` / ${p.category}` : ''}
                </div>
                <div className="catalog-badges">
                  {p.totalStock === 0 ? (
                    <span className="badge badge-cancelled">{t('list.outOfStock')}</span>
                  ) : (
                    <span className="small">{t('list.stockCount', { count: p.totalStock })}</span>
                  )}
                  {!p.visible && <span className="badge">{t('list.hidden')}</span>}
                  {p.isListing && <span className="badge">{t('list.dropshipping')}</span>}
                  <span className="small muted">{t('list.variants', { count: p.variantCount })}</span>
                </div>
              </div>
              <div className="catalog-actions">
                <strong>{money(p.priceCents)}</strong>
                <Button
                  variant={p.archived ? 'secondary' : 'ghost'}
                  busy={archive.isPending && archive.variables?.codigo === p.codigo}
                  onClick={() => toggleArchive(p.codigo, p.name, !p.archived)}
                  aria-label={t(p.archived ? 'list.restoreNamed' : 'list.archiveNamed', { name: p.name })}
                >
                  {t(p.archived ? 'list.restore' : 'list.archive')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label={t('list.pages')}>
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) =>
            n === page ? (
              <span key={n} aria-current="page">
                {n}
              </span>
            ) : (
              <button key={n} type="button" className="btn btn-ghost" onClick={() => update({ page: n })}>
                {n}
              </button>
            ),
          )}
        </nav>
      )}
    </div>
  );
}
