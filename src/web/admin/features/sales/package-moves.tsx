/**
 * The buttons that move one package of a marketplace order (decision 135) to its allowed next statuses: "on the way"
 * takes the tracking number; rejecting (only a supplier's own package) asks for a reason and a confirmation that says
 * the shopper gets those lines back. The server decides what is allowed; `next` is its answer.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import type { FulfilmentStatus } from '../../../../shared/contracts/checkout';
import type { PackageMove } from './api/purchase-orders';

const FORWARD = ['ready_to_ship', 'on_the_way', 'delivered'] as const;

export function PackageMoves({
  next,
  busyStatus,
  error,
  onMove,
}: {
  next: FulfilmentStatus[];
  /** The status being saved now, if any. */
  busyStatus?: FulfilmentStatus;
  error?: string;
  onMove: (move: PackageMove, done: () => void) => void;
}) {
  const { t } = useTranslation('admin');
  const ids = useId();
  const [tracking, setTracking] = useState('');
  const [trackingError, setTrackingError] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const forward = FORWARD.filter((s) => next.includes(s));
  if (forward.length === 0 && !next.includes('rejected')) return <p className="muted small">{t('packages.final')}</p>;
  const move = (status: (typeof FORWARD)[number]) => {
    if (status === 'on_the_way' && tracking.trim().length < 3) {
      setTrackingError(t('packages.trackingRequired'));
      return;
    }
    setTrackingError('');
    onMove({ status, trackingNumber: status === 'on_the_way' ? tracking.trim() : undefined }, () => setTracking(''));
  };
  const reject = () => {
    if (reason.trim().length < 3) {
      setReasonError(t('packages.reasonRequired'));
      return;
    }
    setReasonError('');
    onMove({ status: 'rejected', reason: reason.trim() }, () => setRejecting(false));
  };
  return (
    <div className="stack">
      {error && <Alert kind="error">{error}</Alert>}
      {next.includes('on_the_way') && (
        <TextField
          label={t('packages.tracking')}
          hint={t('packages.trackingHint')}
          value={tracking}
          error={trackingError || undefined}
          onChange={(e) => setTracking(e.target.value)}
          maxLength={60}
          autoComplete="off"
        />
      )}
      <div className="row">
        {forward.map((s) => (
          <Button key={s} busy={busyStatus === s} onClick={() => move(s)}>
            {t(`packages.move.${s}`)}
          </Button>
        ))}
        {next.includes('rejected') && !rejecting && (
          <Button variant="secondary" onClick={() => setRejecting(true)}>
            {t('packages.reject')}
          </Button>
        )}
      </div>
      {rejecting && (
        <div className="alert alert-warning stack" role="alertdialog" aria-labelledby={`${ids}-q`}>
          <p id={`${ids}-q`}>{t('packages.rejectConfirm')}</p>
          <TextField
            label={t('packages.reason')}
            value={reason}
            error={reasonError || undefined}
            onChange={(e) => setReason(e.target.value)}
            maxLength={300}
            autoFocus
          />
          <div className="row">
            <Button variant="danger" busy={busyStatus === 'rejected'} onClick={reject}>
              {t('packages.rejectYes')}
            </Button>
            <Button variant="secondary" onClick={() => setRejecting(false)}>
              {t('packages.rejectNo')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
