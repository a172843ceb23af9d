/**
 * The header's link to /messages with the signed-in buyer's unread count, which goes up as the store writes and down
 * as the buyer reads; it keeps the buyer's live message stream open while the storefront is (decision 153).
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unreadQuery, useLiveMessages } from '../../shared/messages/messages-api';
import { ChatIcon } from '../../components/ui/icons';

export function MessagesLink() {
  const { t } = useTranslation('storefront');
  useLiveMessages('buyer', true);
  const unread = useQuery(unreadQuery('buyer'));
  const n = unread.data?.unread ?? 0;
  return (
    <Link className="icon-btn" to="/messages" aria-label={t('messagesWithCount', { count: n })}>
      <ChatIcon />
      <span className="hide-mobile">{t('messages')}</span>
      {n > 0 && (
        <span className="cart-count" data-testid="messages-unread" aria-hidden="true">
          {n}
        </span>
      )}
    </Link>
  );
}
