/**
 * The sandbox bank's 3-D Secure challenge as a native modal <dialog>: the browser moves focus in, keeps
 * Tab inside and makes the page behind inert; Escape counts as "reject", as closing a bank's window would.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

export function ThreeDSecureDialog({ busy, onAnswer }: { busy: boolean; onAnswer: (approved: boolean) => void }) {
  const { t } = useTranslation('checkout');
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="tds-title"
      aria-describedby="tds-text"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onAnswer(false);
      }}
    >
      <h2 id="tds-title">{t('payment.tdsTitle')}</h2>
      <p id="tds-text">{t('payment.tdsText')}</p>
      <div className="row">
        <Button autoFocus busy={busy} onClick={() => onAnswer(true)}>
          {t('payment.tdsApprove')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => onAnswer(false)}>
          {t('payment.tdsFail')}
        </Button>
      </div>
    </dialog>
  );
}
