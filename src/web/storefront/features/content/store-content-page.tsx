/**
 * Storefront content pages /aviso, /politicas_compras, /pagos_envios (rich text) and /faq, /glosario (lists),
 * as the seller wrote them in the admin, or the store's default texts (decision 049). Loaded on first visit (its own
 * chunk), so the storefront's first load does not grow. The HTML comes sanitised by the server (sanitize-html).
 */
import './store-content.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client';
import * as storesRoutes from '../../../../shared/routes/stores';
import { queryKeys } from '../../../lib/query-keys';
import { Loading } from '../../../components/ui/loading';
import { Alert } from '../../../components/ui/alert';
import type { ContentKind } from '../../../../shared/contracts/website';

export function StoreContentPage({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation('storefront');
  const q = useQuery({
    queryKey: queryKeys.content(kind),
    queryFn: () => call(storesRoutes.storeContent, { params: { kind } }),
    staleTime: 60_000,
  });
  return (
    <div className="container page">
      <article className="card stack content-page">
        <h1>{t(`pages.${kind}`)}</h1>
        {q.isPending ? (
          <Loading />
        ) : !q.data ? (
          <Alert kind="error">{q.error?.message}</Alert>
        ) : q.data.html !== null ? (
          <div className="content-html" dangerouslySetInnerHTML={{ __html: q.data.html }} />
        ) : q.data.items ? (
          <div className="stack faq-list">
            {q.data.items.map((i, n) => (
              <details key={n} className="faq-item" open={n === 0}>
                <summary>{i.question}</summary>
                <p className="pre-line">{i.answer}</p>
              </details>
            ))}
          </div>
        ) : (
          <dl className="glossary">
            {(q.data.terms ?? []).map((i, n) => (
              <div key={n}>
                <dt>{i.word}</dt>
                <dd className="pre-line">{i.definition}</dd>
              </div>
            ))}
          </dl>
        )}
      </article>
    </div>
  );
}
