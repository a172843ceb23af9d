/**
 * Downloads a CFDI's PDF or XML (decision 154): the URL the API gave (`pdfUrl`/`xmlUrl`), fetched with the area's
 * token (the file is private: the buyer's own order or view token, or the seller's store), then saved through a blob
 * link. Throws ApiError when the server refuses it.
 */
import { ApiError, storeDomain } from '../../lib/api-client';
import { getToken, type Area } from '../../lib/session';
import i18n from '../../lib/i18n';

export async function downloadInvoiceFile(url: string, fileName: string, area: Area): Promise<void> {
  const headers: Record<string, string> = { 'X-Store-Domain': storeDomain(), 'Accept-Language': i18n.language };
  const token = getToken(area);
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, { headers });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(res.status, (body.code ?? 'INTERNAL') as never, body.message ?? i18n.t('errors:INTERNAL'));
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
