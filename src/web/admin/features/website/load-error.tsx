/**
 * The error state of a store-builder page whose data did not load: the no-permission state for the server's 403 (a
 * collaborator without the settings permission; decision 065), else the error with a retry.
 */
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../shared/query-error';

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('website');
  return <QueryError error={error} onRetry={onRetry} message={t('loadError')} />;
}
