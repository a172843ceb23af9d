/**
 * "Vender como proveedor" (decision 134) on the company page, in the section for suppliers and exporters (shared,
 * since the company feature shows it): one switch and one sentence saying what it means. Saved at once when toggled.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { offerKey } from '../../../../shared/features';
import { useSupplierSwitch } from './offers-api';
import './offers.css';

export function SupplierSwitch({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('marketplace');
  const save = useSupplierSwitch();
  const id = useId();
  // The asked state shows at once (a controlled checkbox would otherwise snap back until the save starts); a failed
  // save shows the saved state again.
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = save.isError || asked === null ? enabled : asked;
  return (
    <div className="supplier-switch stack">
      <label className="supplier-switch-row" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={save.isPending}
          aria-describedby={`${id}-text`}
          onChange={(e) => {
            setAsked(e.target.checked);
            save.mutate(e.target.checked);
          }}
        />
        <span className="supplier-switch-label">{t('switch.label')}</span>
        <span className="badge">{checked ? t('switch.on') : t('switch.off')}</span>
      </label>
      <p id={`${id}-text`} className="small muted">
        {t(offerKey('switch.text', 'dropshipping'))}
      </p>
      {save.isError && <Alert kind="error">{save.error.message}</Alert>}
    </div>
  );
}
