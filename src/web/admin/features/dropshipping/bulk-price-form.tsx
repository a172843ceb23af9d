/**
 * The bulk pricing rule (decision 139): a percentage over the supplier's price and a centavos ending; a price under
 * the floor is raised to it or left as it was. "Calcular" previews how many listings each outcome gets; "Aplicar"
 * prices them all.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import type { BulkPriceBody, BulkPriceResult } from '../../../../shared/contracts/listings';
import { useBulkPrice } from './api/listings';

export function BulkPriceForm() {
  const { t } = useTranslation('listings');
  const bulk = useBulkPrice();
  const [percent, setPercent] = useState('30');
  const [ending, setEnding] = useState('90');
  const [belowFloor, setBelowFloor] = useState<BulkPriceBody['belowFloor']>('raise');
  const [preview, setPreview] = useState<BulkPriceResult | null>(null);
  const [done, setDone] = useState<BulkPriceResult | null>(null);
  const p = Number(percent.replace(',', '.'));
  const e = Number(ending);
  const percentError =
    percent.trim() === '' || !Number.isFinite(p) || p < 0 || p > 1000 || Math.round(p * 100) !== p * 100
      ? t('bulk.percentInvalid')
      : undefined;
  const endingError = !/^\d{1,2}$/.test(ending.trim()) ? t('bulk.endingInvalid') : undefined;
  const body = (): BulkPriceBody => ({ percent: p, endingCents: e, belowFloor });

  function run(ev: FormEvent | null, asPreview: boolean) {
    ev?.preventDefault();
    if (percentError || endingError) return;
    setDone(null);
    bulk.mutate(
      { body: body(), preview: asPreview },
      { onSuccess: (r) => (asPreview ? setPreview(r) : (setDone(r), setPreview(null))) },
    );
  }

  return (
    <form className="card stack" onSubmit={(ev) => run(ev, true)} noValidate aria-labelledby="bulk-title">
      <h2 id="bulk-title" style={{ margin: 0 }}>
        {t('bulk.title')}
      </h2>
      <p className="small muted" style={{ margin: 0 }}>
        {t('bulk.hint')}
      </p>
      <div className="listing-bulk-fields">
        <TextField
          label={t('bulk.percent')}
          inputMode="decimal"
          value={percent}
          error={percentError}
          onChange={(ev) => (setPercent(ev.target.value), setPreview(null))}
        />
        <TextField
          label={t('bulk.ending')}
          inputMode="numeric"
          value={ending}
          error={endingError}
          onChange={(ev) => (setEnding(ev.target.value), setPreview(null))}
        />
        <SelectField
          label={t('bulk.belowFloor')}
          value={belowFloor}
          onChange={(ev) => (setBelowFloor(ev.target.value as BulkPriceBody['belowFloor']), setPreview(null))}
        >
          <option value="raise">{t('bulk.raise')}</option>
          <option value="skip">{t('bulk.skip')}</option>
        </SelectField>
      </div>
      {preview && (
        <p role="status" style={{ margin: 0 }}>
          {t('bulk.previewResult', preview)}
        </p>
      )}
      {done && <Alert kind="success">{t('bulk.done', done)}</Alert>}
      {bulk.isError && <Alert kind="error">{bulk.error.message}</Alert>}
      <div className="toolbar">
        <Button type="submit" variant="secondary" busy={bulk.isPending}>
          {t('bulk.preview')}
        </Button>
        {preview && preview.priced + preview.raised > 0 && (
          <Button busy={bulk.isPending} onClick={() => run(null, false)}>
            {t('bulk.apply', { count: preview.priced + preview.raised })}
          </Button>
        )}
      </div>
    </form>
  );
}
