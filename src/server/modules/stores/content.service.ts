/**
 * Store content (/aviso, /politicas_compras, /pagos_envios, /faq, /glosario and their admin editors): the
 * privacy notice, purchase policy and payments-and-shipping pages are rich text, sanitised with sanitize-html on save
 * (only formatting tags and http(s), mailto and tel links survive: no script, style, event handler or javascript:
 * URL); the FAQ and glossary are lists whose texts are sanitised too. A store that never saved a kind shows the
 * default text of its language (content-defaults.ts, decision 049).
 */
import { and, eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { storeContent, stores } from '../../db/schema/stores.js';
import type { BaseContext, StoreDbContext } from '../../lib/context.js';
import { assertFound } from '../../lib/app-error.js';
import type { ContentKind, ContentResponse } from '../../../shared/contracts/website.js';
import { defaultContent, PAYPAL_ITEM } from './content-defaults.js';
import { acceptedMethods } from '../../providers/payments/index.js';

const RICH: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener nofollow' }) },
};
const PLAIN: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };

/** Rich text as stored and shown: formatting only (see the module comment). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH).trim();
}
/**
 * Plain text of a list item: tags dropped. sanitize-html escapes what it keeps (`&` → `&amp;`), which React would
 * show literally, so its entities are turned back, and again until nothing changes (so an escaped "&lt;script&gt;"
 * typed in cannot turn into a tag either); React escapes on display.
 */
export function sanitizePlainText(text: string): string {
  let out = text;
  for (let i = 0; i < 5; i++) {
    const next = sanitizeHtml(out, PLAIN)
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    if (next === out) break;
    out = next;
  }
  return out.replace(/[<>]/g, '').trim();
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);

async function storeFacts(ctx: StoreDbContext) {
  const rows = await ctx.db
    .select({ name: stores.name, lang: stores.lang, settings: stores.settings })
    .from(stores)
    .where(eq(stores.id, ctx.storeId))
    .limit(1);
  const r = assertFound(rows[0], 'STORE_NOT_FOUND');
  return {
    lang: r.lang === 'en' ? ('en' as const) : ('es' as const),
    store: r.name,
    email: r.settings?.supportEmail ?? (r.lang === 'en' ? 'our contact email' : 'nuestro correo de contacto'),
    phone: r.settings?.supportPhone ?? (r.lang === 'en' ? 'our support phone' : 'nuestro teléfono de atención'),
  };
}

/** Puts the store's name, email and phone into a default text (`escape` for HTML). */
function fill(text: string, facts: { store: string; email: string; phone: string }, escape: boolean): string {
  const v = (s: string) => (escape ? esc(s) : s);
  return text.replace(/\{(store|email|phone)\}/g, (_, k: 'store' | 'email' | 'phone') => v(facts[k]));
}

const empty = (kind: ContentKind): ContentResponse => ({
  kind,
  html: null,
  items: null,
  terms: null,
  customised: false,
});

/** A store's database context and the deployment's payment providers (the payments page names what they take). */
type ContentContext = StoreDbContext & Pick<BaseContext, 'providers'>;

/**
 * The content of `kind` for the storefront and the editor: the saved one, or the default of the store's language with
 * the store's data filled in (`customised: false`; the payments page lists PayPal when the deployment takes it).
 * Throws STORE_NOT_FOUND.
 */
export async function getContent(ctx: ContentContext, kind: ContentKind): Promise<ContentResponse> {
  const [row] = await ctx.db
    .select({ body: storeContent.body })
    .from(storeContent)
    .where(and(eq(storeContent.storeId, ctx.storeId), eq(storeContent.kind, kind)))
    .limit(1);
  const out = empty(kind);
  if (row) {
    out.customised = true;
    const b = row.body as { html?: string; items?: unknown[] };
    if (kind === 'faq') out.items = (b.items ?? []) as ContentResponse['items'];
    else if (kind === 'glosario') out.terms = (b.items ?? []) as ContentResponse['terms'];
    else out.html = b.html ?? '';
    return out;
  }
  const facts = await storeFacts(ctx);
  const d = defaultContent(kind, facts.lang);
  if (typeof d === 'string')
    out.html = fill(
      d.replace('{paypal}', acceptedMethods(ctx.providers).includes('paypal') ? PAYPAL_ITEM[facts.lang] : ''),
      facts,
      true,
    );
  else if (kind === 'faq')
    out.items = (d as { question: string; answer: string }[]).map((i) => ({
      question: fill(i.question, facts, false),
      answer: fill(i.answer, facts, false),
    }));
  else
    out.terms = (d as { word: string; definition: string }[]).map((i) => ({
      word: fill(i.word, facts, false),
      definition: fill(i.definition, facts, false),
    }));
  return out;
}

async function upsert(ctx: StoreDbContext, kind: ContentKind, body: Record<string, unknown>): Promise<void> {
  await ctx.db
    .insert(storeContent)
    .values({ storeId: ctx.storeId, kind, body })
    .onConflictDoUpdate({ target: [storeContent.storeId, storeContent.kind], set: { body, updatedAt: sql`now()` } });
}

/** PUT /api/proveedor/content/page/:kind: saves a rich-text page, sanitised. Returns what the storefront will show. */
export async function savePage(
  ctx: ContentContext,
  kind: 'aviso' | 'politicas_compras' | 'pagos_envios',
  html: string,
): Promise<ContentResponse> {
  await upsert(ctx, kind, { html: sanitizeRichText(html) });
  return getContent(ctx, kind);
}

/** PUT /api/proveedor/content/faq: replaces the FAQ list (question, answer), texts sanitised. */
export async function saveFaq(
  ctx: ContentContext,
  items: { question: string; answer: string }[],
): Promise<ContentResponse> {
  const clean = items
    .map((i) => ({ question: sanitizePlainText(i.question), answer: sanitizePlainText(i.answer) }))
    .filter((i) => i.question && i.answer);
  await upsert(ctx, 'faq', { items: clean });
  return getContent(ctx, 'faq');
}

/** PUT /api/proveedor/content/glosario: replaces the glossary (word, definition), texts sanitised. */
export async function saveGlossary(
  ctx: ContentContext,
  items: { word: string; definition: string }[],
): Promise<ContentResponse> {
  const clean = items
    .map((i) => ({ word: sanitizePlainText(i.word), definition: sanitizePlainText(i.definition) }))
    .filter((i) => i.word && i.definition);
  await upsert(ctx, 'glosario', { items: clean });
  return getContent(ctx, 'glosario');
}
