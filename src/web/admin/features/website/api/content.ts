/** Store content editors (aviso-privacidad, politica-compra, pagos-y-envios, faq, glosario). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as storesRoutes from '../../../../../shared/routes/stores';
import { adminQueryKeys } from '../../../shared/query-keys';
import type { z } from 'zod';
import type { ContentKind, faqBody, glossaryBody } from '../../../../../shared/contracts/website';

type FaqBody = z.input<typeof faqBody>;
type GlossaryBody = z.input<typeof glossaryBody>;

/** GET /api/proveedor/content/:kind (the saved text, or the store's default). */
export const contentQuery = (kind: ContentKind) =>
  queryOptions({
    queryKey: adminQueryKeys.content(kind),
    queryFn: () => call(storesRoutes.getContent, { params: { kind } }),
  });

/** PUT a page (`{ html }`), the FAQ or the glossary (`{ items }`); the answer is the sanitised result. */
export function useSaveContent(kind: ContentKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { html: string } | { items: object[] }) =>
      kind === 'faq'
        ? call(storesRoutes.saveFaq, { body: body as FaqBody, waitForThrottle: true })
        : kind === 'glosario'
          ? call(storesRoutes.saveGlossary, { body: body as GlossaryBody, waitForThrottle: true })
          : call(storesRoutes.savePage, { params: { kind }, body: body as { html: string }, waitForThrottle: true }),
    onSuccess: (c) => qc.setQueryData(adminQueryKeys.content(kind), c),
  });
}
