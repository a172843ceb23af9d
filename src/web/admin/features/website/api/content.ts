/** Store content editors (aviso-privacidad, politica-compra, pagos-y-envios, faq, glosario). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { ContentKind, ContentResponse } from '../../../../../shared/contracts/website';

/** GET /api/proveedor/content/:kind (the saved text, or the store's default). */
export const contentQuery = (kind: ContentKind) =>
  queryOptions({
    queryKey: queryKeys.admin.content(kind),
    queryFn: () => api.get<ContentResponse>(`/api/proveedor/content/${kind}`),
  });

/** PUT a page (`{ html }`), the FAQ or the glossary (`{ items }`); the answer is the sanitised result. */
export function useSaveContent(kind: ContentKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { html: string } | { items: object[] }) =>
      api.put<ContentResponse>(
        kind === 'faq' || kind === 'glosario'
          ? `/api/proveedor/content/${kind}`
          : `/api/proveedor/content/page/${kind}`,
        body,
        { waitForThrottle: true },
      ),
    onSuccess: (c) => qc.setQueryData(queryKeys.admin.content(kind), c),
  });
}
