/** /admin/mensajes: the store's conversations with its buyers (owner, or a collaborator with the orders permission). */
import { MessagesView } from '../../../shared/messages/messages-view';

export function AdminMessagesPage() {
  return <MessagesView side="store" />;
}
