/** The error state of a store-builder page whose data did not load. */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('website');
  return (
    <div className="stack">
      <Alert kind="error">{t('loadError')}</Alert>
      <div>
        <Button variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      </div>
    </div>
  );
}
