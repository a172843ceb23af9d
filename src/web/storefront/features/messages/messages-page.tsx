/** /messages: the signed-in buyer's conversations with the store (sign-in first; back here afterwards). */
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { Loading } from '../../../components/ui/loading';
import { MessagesView } from '../../../shared/messages/messages-view';

export function MessagesPage() {
  const customer = useCurrentUser('storefront');
  if (customer.isPending) return <Loading />;
  if (!customer.data) return <Navigate to={paths.login(`/messages${location.search}`)} replace />;
  return (
    <div className="container page">
      <MessagesView side="buyer" />
    </div>
  );
}
