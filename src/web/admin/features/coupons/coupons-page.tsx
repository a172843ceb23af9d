/** /admin/cupones: the store's coupons with their state and uses; create and edit. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '../../../../shared/contracts/coupons';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useMoney } from '../../../components/ui/price';
import { couponsQuery } from './api/coupons';
import { CouponForm } from './coupon-form';
import { isForbidden, NoPermission } from '../../shared/no-permission';

/** active | scheduled | expired | used_up | off, judged by the browser's day (the server decides at checkout). */
function couponState(c: Coupon, today: string): string {
  if (!c.active) return 'off';
  if (c.startsOn && today < c.startsOn) return 'scheduled';
  if (c.endsOn && today > c.endsOn) return 'expired';
  if (c.maxUses !== null && c.usesCount >= c.maxUses) return 'used_up';
  return 'active';
}

export function CouponsPage() {
  const { t, i18n } = useTranslation('admin');
  const money = useMoney();
  const q = useQuery(couponsQuery());
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const today = new Date().toLocaleDateString('en-CA');
  const dateFmt = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'medium' });
  const day = (d: string) => dateFmt.format(new Date(`${d}T12:00:00`));
  if (isForbidden(q.error)) return <NoPermission />;

  return (
    <div className="stack">
      <div className="toolbar">
        <h1 style={{ margin: 0 }}>{t('coupons.title')}</h1>
        {!editing && <Button onClick={() => setEditing('new')}>{t('coupons.new')}</Button>}
      </div>
      {editing && (
        <CouponForm
          key={editing === 'new' ? 'new' : editing.id}
          coupon={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Alert kind="error">{q.error.message}</Alert>
      ) : !q.data.coupons.length ? (
        <EmptyState title={t('coupons.empty')}>
          <p>{t('coupons.emptyText')}</p>
        </EmptyState>
      ) : (
        <div className="table-wrap card" style={{ padding: 0 }}>
          <table className="data-table">
            <caption className="visually-hidden">{t('coupons.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('coupons.code')}</th>
                <th scope="col">{t('coupons.discount')}</th>
                <th scope="col" className="hide-phone">
                  {t('coupons.validity')}
                </th>
                <th scope="col" className="num">
                  {t('coupons.uses')}
                </th>
                <th scope="col" className="hide-phone">
                  {t('coupons.state')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('coupons.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.coupons.map((c) => (
                <tr key={c.id}>
                  <td>
                    <strong>{c.code}</strong>
                    <div className="show-phone">
                      <span className={`badge coupon-${couponState(c, today)}`}>
                        {t(`coupons.states.${couponState(c, today)}`)}
                      </span>
                    </div>
                  </td>
                  <td>
                    {c.kind === 'percent' ? `${c.value} %` : money(c.value)}
                    {c.minPurchaseCents > 0 && (
                      <div className="small muted">{t('coupons.from', { amount: money(c.minPurchaseCents) })}</div>
                    )}
                  </td>
                  <td className="hide-phone">
                    {c.startsOn && c.endsOn
                      ? `${day(c.startsOn)} – ${day(c.endsOn)}`
                      : c.startsOn
                        ? t('coupons.fromDay', { day: day(c.startsOn) })
                        : c.endsOn
                          ? t('coupons.untilDay', { day: day(c.endsOn) })
                          : t('coupons.always')}
                  </td>
                  <td className="num">
                    {c.usesCount}
                    {c.maxUses !== null ? ` / ${c.maxUses}` : ''}
                  </td>
                  <td className="hide-phone">
                    <span className={`badge coupon-${couponState(c, today)}`}>
                      {t(`coupons.states.${couponState(c, today)}`)}
                    </span>
                  </td>
                  <td>
                    <Button
                      variant="ghost"
                      onClick={() => setEditing(c)}
                      aria-label={t('coupons.editLabel', { code: c.code })}
                    >
                      {t('coupons.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
