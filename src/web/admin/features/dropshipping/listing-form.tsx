/**
 * The fields a listing is created and edited with: a retail price per variant (the supplier's wholesale price and the
 * floor beside each; a price under its floor is refused here and by the server), the reseller's own title and
 * description (empty: the supplier's), and the store's department and category (both or none).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { useMoney } from '../../../components/ui/price';
import { ApiError } from '../../../lib/api-client';
import type { UpdateListingBody } from '../../../../shared/contracts/listings';
import { MAX_LISTING_PRICE_CENTS } from '../../../../shared/contracts/listings';
import { PriceInput } from './pesos';

export interface PriceRow {
  sourceVariantId: string;
  sku: string;
  options: Record<string, string>;
  wholesaleCents: number | null;
  floorCents: number | null;
  cents: number;
}

/** "Rojo / M", or the SKU of a variant without options. */
export function variantLabel(v: { sku: string; options: Record<string, string> }): string {
  const values = Object.values(v.options);
  return values.length ? values.join(' / ') : v.sku;
}

export function ListingForm({
  rows,
  initial,
  sourceName,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  rows: PriceRow[];
  initial: { title: string; description: string; department: string; category: string };
  sourceName: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (body: UpdateListingBody) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('listings');
  const money = useMoney();
  const [prices, setPrices] = useState(() => new Map(rows.map((r) => [r.sourceVariantId, r.cents])));
  const [texts, setTexts] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    for (const r of rows) {
      const c = prices.get(r.sourceVariantId)!;
      if (!Number.isFinite(c) || c <= 0) next[r.sourceVariantId] = t('form.priceInvalid');
      else if (c > MAX_LISTING_PRICE_CENTS) next[r.sourceVariantId] = t('form.priceTooHigh');
      else if (r.floorCents !== null && c < r.floorCents)
        next[r.sourceVariantId] = t('form.belowFloor', { amount: money(r.floorCents) });
    }
    if (!texts.department.trim() !== !texts.category.trim()) next.taxonomy = t('form.taxonomyBoth');
    setProblems(next);
    if (Object.keys(next).length) return;
    onSubmit({
      variants: rows.map((r) => ({ sourceVariantId: r.sourceVariantId, retailCents: prices.get(r.sourceVariantId)! })),
      titleOverride: texts.title.trim() || null,
      descriptionOverride: texts.description.trim() || null,
      taxonomy: texts.department.trim()
        ? { department: texts.department.trim(), category: texts.category.trim() }
        : null,
    });
  }

  const serverFields = error instanceof ApiError ? error.fields : [];
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <fieldset className="stack listing-prices">
        <legend>{t('form.prices')}</legend>
        {rows.map((r, i) => {
          const server = serverFields.find((f) => f.path === `variants.${i}.retailCents`)?.message;
          return (
            <PriceInput
              key={r.sourceVariantId}
              label={t('form.priceOf', { variant: variantLabel(r) })}
              cents={r.cents}
              onChange={(c) => setPrices(new Map(prices).set(r.sourceVariantId, c))}
              hint={
                r.wholesaleCents === null || r.floorCents === null
                  ? t('form.notOffered')
                  : t('form.floorHint', { floor: money(r.floorCents), wholesale: money(r.wholesaleCents) })
              }
              error={problems[r.sourceVariantId] ?? server}
            />
          );
        })}
      </fieldset>
      <TextField
        label={t('form.title')}
        hint={t('form.titleHint', { name: sourceName })}
        maxLength={200}
        value={texts.title}
        onChange={(e) => setTexts({ ...texts, title: e.target.value })}
      />
      <div className="field">
        <label htmlFor="listing-description">{t('form.description')}</label>
        <textarea
          id="listing-description"
          rows={4}
          maxLength={5000}
          aria-describedby="listing-description-hint"
          value={texts.description}
          onChange={(e) => setTexts({ ...texts, description: e.target.value })}
        />
        <span id="listing-description-hint" className="field-hint">
          {t('form.descriptionHint')}
        </span>
      </div>
      <div className="listing-taxonomy">
        <TextField
          label={t('form.department')}
          maxLength={80}
          value={texts.department}
          error={problems.taxonomy}
          onChange={(e) => setTexts({ ...texts, department: e.target.value })}
        />
        <TextField
          label={t('form.category')}
          maxLength={80}
          value={texts.category}
          onChange={(e) => setTexts({ ...texts, category: e.target.value })}
        />
      </div>
      {error instanceof Error && <Alert kind="error">{error.message}</Alert>}
      <div className="toolbar">
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
