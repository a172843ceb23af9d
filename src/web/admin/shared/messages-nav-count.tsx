/** The admin menu's unread messages count, and the store's live message stream the admin layout keeps open. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../../shared/messages/messages-i18n';
import '../../shared/messages/messages.css';
import { unreadQuery, useLiveMessages } from '../../shared/messages/messages-api';

/** Opens the store's live stream while `enabled` (a member who may answer messages). */
export function useStoreLiveMessages(enabled: boolean): void {
  useLiveMessages('store', enabled);
}

/** The store's unread messages as a badge beside "Mensajes" (nothing when none). */
export function MessagesNavCount() {
  const { t } = useTranslation('messages');
  const unread = useQuery(unreadQuery('store'));
  const n = unread.data?.unread ?? 0;
  if (!n) return null;
  return (
    <span className="nav-count" data-testid="messages-unread">
      <span aria-hidden="true">{n}</span>
      <span className="visually-hidden">{t('messages:unreadCount', { count: n })}</span>
    </span>
  );
}
