/**
 * What an admin page shows when its data did not load (decision 065): the server's 403 is a state, "no permission",
 * never an error to retry; anything else is the error's translated message with a way to try again.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { isForbidden, NoPermission } from './no-permission';

/** The no-permission state for a 403 `error`; else `message` (or the error's own) and a retry button when `onRetry`. */
export function QueryError({
  error,
  onRetry,
  message,
}: {
  error: unknown;
  onRetry?: () => void;
  /** The page's own words for a failed load; the server's message by default. */
  message?: string;
}) {
  const { t } = useTranslation('common');
  if (isForbidden(error)) return <NoPermission />;
  const text = message ?? (error instanceof Error && error.message ? error.message : t('pageError.loadTitle'));
  return (
    <div className="stack">
      <Alert kind="error">{text}</Alert>
      {onRetry && (
        <div>
          <Button variant="secondary" onClick={onRetry}>
            {t('pageError.retry')}
          </Button>
        </div>
      )}
    </div>
  );
}
