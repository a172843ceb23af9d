/**
 * /admin/dropshiping: the store's listings of suppliers' products (a table; cards on a phone) with the supplier, the
 * wholesale price, the store's price, the margin in pesos and percent, the supplier's live stock and the state;
 * filtered by state; the bulk pricing rule; each listing's edit, "accept the new price" and removal.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import './i18n';
import './dropshipping.css';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { useMoney } from '../../../components/ui/price';
import { QueryError } from '../../shared/query-error';
import { LISTING_DISPLAY_STATES, type Listing, type ListingDisplayState } from '../../../../shared/contracts/listings';
import { listingsQuery, useAcceptListingPrice, useDeleteListing, useUpdateListing } from './api/listings';
import { BulkPriceForm } from './bulk-price-form';
import { ListingForm } from './listing-form';

/** The variant with the least margin: the figures a row shows for the whole listing. */
function worst(l: Listing) {
  const priced = l.variants.filter((v) => v.marginCents !== null);
  return priced.reduce((a, b) => (b.marginCents! < a.marginCents! ? b : a), priced[0] ?? l.variants[0]);
}

function percentOf(margin: number, retail: number, lang: string): string {
  const pct = retail > 0 ? Math.round((margin / retail) * 1000) / 10 : 0;
  return `${pct.toLocaleString(lang === 'en' ? 'en-US' : 'es-MX')} %`;
}

function ListingEditor({ listing, onDone }: { listing: Listing; onDone: () => void }) {
  const { t } = useTranslation('listings');
  const save = useUpdateListing(listing.id);
  return (
    <section className="card stack" aria-labelledby={`edit-${listing.id}`}>
      <h2 id={`edit-${listing.id}`} style={{ margin: 0 }}>
        {t('form.editTitle', { name: listing.name })}
      </h2>
      <ListingForm
        rows={listing.variants.map((v) => ({ ...v, cents: v.retailCents }))}
        initial={{
          title: listing.titleOverride ?? '',
          description: listing.descriptionOverride ?? '',
          department: listing.department ?? '',
          category: listing.category ?? '',
        }}
        sourceName={listing.sourceName}
        submitLabel={t('form.save')}
        pending={save.isPending}
        error={save.error}
        onSubmit={(body) => save.mutate(body, { onSuccess: onDone })}
        onCancel={onDone}
      />
    </section>
  );
}

export function ListingsPage() {
  const { t, i18n } = useTranslation('listings');
  const money = useMoney();
  const [state, setState] = useState<ListingDisplayState | null>(null);
  const q = useQuery(listingsQuery(state));
  const [editing, setEditing] = useState<Listing | null>(null);
  const accept = useAcceptListingPrice();
  const remove = useDeleteListing();
  const [notice, setNotice] = useState<string | null>(null);

  function removeListing(l: Listing) {
    if (!window.confirm(t('removeConfirm', { name: l.name }))) return;
    remove.mutate(l.id, { onSuccess: (r) => setNotice(r.archived ? t('removedArchived') : t('removed')) });
  }

  return (
    <div className="stack">
      <div className="toolbar">
        <h1 style={{ margin: 0 }}>{t('title')}</h1>
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {t('intro')}
      </p>
      {editing && <ListingEditor key={editing.id} listing={editing} onDone={() => setEditing(null)} />}
      {notice && <Alert kind="success">{notice}</Alert>}
      {(accept.isError || remove.isError) && <Alert kind="error">{(accept.error ?? remove.error)!.message}</Alert>}
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {(q.data.items.length > 0 || state) && <BulkPriceForm />}
          <div className="listing-filter">
            <SelectField
              label={t('filter')}
              value={state ?? ''}
              onChange={(e) => setState((e.target.value || null) as ListingDisplayState | null)}
            >
              <option value="">{t('all')}</option>
              {LISTING_DISPLAY_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`states.${s}`)}
                </option>
              ))}
            </SelectField>
          </div>
          {!q.data.items.length ? (
            <EmptyState title={state ? t('emptyFiltered') : t('empty')}>
              <p>{t('emptyText')}</p>
            </EmptyState>
          ) : (
            <div className="table-wrap card listings-wrap" style={{ padding: 0 }}>
              <table className="data-table listings-table">
                <caption className="visually-hidden">{t('title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.product')}</th>
                    <th scope="col" className="num">
                      {t('columns.wholesale')}
                    </th>
                    <th scope="col" className="num">
                      {t('columns.price')}
                    </th>
                    <th scope="col" className="num">
                      {t('columns.margin')}
                    </th>
                    <th scope="col" className="num">
                      {t('columns.stock')}
                    </th>
                    <th scope="col">{t('columns.state')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {q.data.items.map((l) => {
                    const w = worst(l);
                    return (
                      <tr key={l.id}>
                        <td data-label={t('columns.product')}>
                          <div>
                            <strong>{l.name}</strong>
                            <div className="small muted">{l.productCode}</div>
                            <div className="small">{t('supplierIs', { name: l.supplierName })}</div>
                          </div>
                        </td>
                        <td data-label={t('columns.wholesale')} className="num">
                          <div>
                            {w?.wholesaleCents != null ? money(w.wholesaleCents) : '—'}
                            {l.priceChanged && w && (
                              <div className="small muted">
                                {t('acceptedWas', { amount: money(w.acceptedWholesaleCents) })}
                              </div>
                            )}
                          </div>
                        </td>
                        <td data-label={t('columns.price')} className="num">
                          {w ? money(w.retailCents) : '—'}
                        </td>
                        <td
                          data-label={t('columns.margin')}
                          className={`num${w?.marginCents != null && w.marginCents < 0 ? ' listing-negative' : ''}`}
                        >
                          {w?.marginCents != null
                            ? `${money(w.marginCents)} (${percentOf(w.marginCents, w.retailCents, i18n.language)})`
                            : '—'}
                        </td>
                        <td data-label={t('columns.stock')} className="num">
                          {l.stock}
                        </td>
                        <td data-label={t('columns.state')}>
                          <span className={`badge listing-${l.displayState}`}>{t(`states.${l.displayState}`)}</span>
                        </td>
                        <td>
                          <div className="listing-actions">
                            <Button
                              variant="ghost"
                              onClick={() => (setEditing(l), window.scrollTo(0, 0))}
                              aria-label={t('editLabel', { name: l.name })}
                            >
                              {t('edit')}
                            </Button>
                            {l.priceChanged && l.state !== 'review' && (
                              <Button
                                variant="secondary"
                                busy={accept.isPending && accept.variables === l.id}
                                onClick={() => accept.mutate(l.id)}
                                aria-label={t('acceptLabel', { name: l.name })}
                              >
                                {t('accept')}
                              </Button>
                            )}
                            <Button
                              variant="ghost"
                              onClick={() => removeListing(l)}
                              aria-label={t('removeLabel', { name: l.name })}
                            >
                              {t('remove')}
                            </Button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
