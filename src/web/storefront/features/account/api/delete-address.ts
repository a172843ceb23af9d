/** /miperfil/misdirecciones: deleting a saved address. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

/** DELETE /api/addresses/:id, then the saved-address list is refreshed. */
export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/addresses/${encodeURIComponent(id)}`, { redirectOn404: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.addresses() }),
  });
}
