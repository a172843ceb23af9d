/**
 * /admin/dropshiping/nuevo/:offerId: list a supplier's product in the store. Each offered variant with its wholesale
 * price, the supplier's stock, the suggested price and the floor; the price inputs start at the suggested price or
 * the floor, whichever is higher. On success, back to /admin/dropshiping.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import './i18n';
import './dropshipping.css';
import { Loading } from '../../../components/ui/loading';
import { Alert } from '../../../components/ui/alert';
import { useMoney } from '../../../components/ui/price';
import { QueryError } from '../../shared/query-error';
import { listingOfferQuery, useCreateListing } from './api/listings';
import { ListingForm, variantLabel } from './listing-form';

export function ListingNewPage() {
  const { t } = useTranslation('listings');
  const money = useMoney();
  const { offerId = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery(listingOfferQuery(offerId));
  const create = useCreateListing();
  if (q.isPending) return <Loading />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const o = q.data;
  return (
    <div className="stack">
      <h1 style={{ margin: 0 }}>{t('new.title', { name: o.name })}</h1>
      <p className="muted" style={{ margin: 0 }}>
        {t('new.supplier', { name: o.supplierName })} ·{' '}
        {t('new.leadTime', { min: o.leadTimeDaysMin, max: o.leadTimeDaysMax })}
      </p>
      {o.listingId ? (
        <Alert kind="info">
          {t('new.already')} <Link to="/admin/dropshiping">{t('new.goToListings')}</Link>
        </Alert>
      ) : (
        <>
          <div className="table-wrap card listings-wrap" style={{ padding: 0 }}>
            <table className="data-table listings-table">
              <caption className="visually-hidden">{t('new.variants')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('new.variant')}</th>
                  <th scope="col" className="num">
                    {t('columns.wholesale')}
                  </th>
                  <th scope="col" className="num">
                    {t('new.suggested')}
                  </th>
                  <th scope="col" className="num">
                    {t('new.floor')}
                  </th>
                  <th scope="col" className="num">
                    {t('columns.stock')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {o.variants.map((v) => (
                  <tr key={v.sourceVariantId}>
                    <td data-label={t('new.variant')}>{variantLabel(v)}</td>
                    <td data-label={t('columns.wholesale')} className="num">
                      {money(v.wholesaleCents)}
                    </td>
                    <td data-label={t('new.suggested')} className="num">
                      {v.suggestedCents !== null ? money(v.suggestedCents) : '—'}
                    </td>
                    <td data-label={t('new.floor')} className="num">
                      {money(v.floorCents)}
                    </td>
                    <td data-label={t('columns.stock')} className="num">
                      {v.stock}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <section className="card">
            <ListingForm
              rows={o.variants.map((v) => ({ ...v, cents: Math.max(v.suggestedCents ?? 0, v.floorCents) }))}
              initial={{ title: '', description: '', department: '', category: '' }}
              sourceName={o.name}
              submitLabel={t('new.create')}
              pending={create.isPending}
              error={create.error}
              onSubmit={(body) =>
                create.mutate({ offerId: o.offerId, ...body }, { onSuccess: () => void navigate('/admin/dropshiping') })
              }
            />
          </section>
        </>
      )}
    </div>
  );
}
