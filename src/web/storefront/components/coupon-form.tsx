/**
 * The buyer's coupon box: type a code and apply it; the
 * server says what it takes off the products now, or why it does not apply. The applied code is kept in the shop
 * state until the order is placed or the buyer removes it.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShop } from '../../state/shop-store';
import { useMoney } from '../../components/ui/price';
import { useCouponCheck } from '../shared/api/check-coupon';

export function CouponForm() {
  const { t } = useTranslation('checkout');
  const money = useMoney();
  const id = useId();
  const coupon = useShop((s) => s.coupon);
  const setCoupon = useShop((s) => s.setCoupon);
  const check = useCouponCheck();
  const [draft, setDraft] = useState(coupon ?? '');

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setCoupon(draft);
  };

  if (coupon && check.data) {
    return (
      <div className="coupon-box" role="status">
        <p className="coupon-applied">
          <strong>{t('coupon.applied', { code: check.data.code })}</strong>
          <br />
          <span className="small">{t('coupon.saves', { amount: money(check.data.discountCents) })}</span>
        </p>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setCoupon(null);
            setDraft('');
          }}
        >
          {t('coupon.remove')}
        </button>
      </div>
    );
  }
  const error = coupon && check.isError ? check.error.message : null;
  return (
    <form className="coupon-box" onSubmit={apply} noValidate>
      <label htmlFor={id}>{t('coupon.label')}</label>
      <div className="coupon-row">
        <input
          id={id}
          value={draft}
          maxLength={30}
          autoCapitalize="characters"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary" disabled={!draft.trim() || check.isFetching}>
          {t('coupon.apply')}
        </button>
      </div>
      {coupon && check.isFetching && (
        <span className="small" role="status">
          {t('coupon.checking')}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
