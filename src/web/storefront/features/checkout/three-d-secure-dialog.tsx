import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** The sandbox bank's 3-D Secure challenge as a modal dialog (focus moves in; Escape counts as "fail"). */
export function ThreeDSecureDialog({ busy, onAnswer }: { busy: boolean; onAnswer: (approved: boolean) => void }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="dialog-backdrop" onKeyDown={(e) => { if (e.key === 'Escape' && !busy) onAnswer(false); }}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="tds-title" aria-describedby="tds-text">
        <h2 id="tds-title">{t('payment.tdsTitle')}</h2>
        <p id="tds-text">{t('payment.tdsText')}</p>
        <div className="row">
          <Button autoFocus busy={busy} onClick={() => onAnswer(true)}>{t('payment.tdsApprove')}</Button>
          <Button variant="secondary" disabled={busy} onClick={() => onAnswer(false)}>{t('payment.tdsFail')}</Button>
        </div>
      </div>
    </div>
  );
}
