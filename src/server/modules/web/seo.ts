/**
 * robots.txt and sitemap.xml of a storefront (sitemaps.org protocol 0.9). Links use the store's own primary
 * domain, never the request's Host: `https://<domain>`, or `http://<slug>.localhost:<PORT>` in development.
 */
import type { SitemapEntries } from '../catalog/index.js';

/** URLs per sitemap file (the protocol allows 50,000); a larger store gets a sitemap index. */
export const SITEMAP_URLS_PER_FILE = 45_000;

/** Public content pages of every storefront. */
export const CONTENT_PAGES = [
  'somos',
  'aviso',
  'faq',
  'glosario',
  'politicas_compras',
  'pagos_envios',
  'bolsa_trabajo',
];

/** Paths no crawler needs: the seller's admin, the API, the buyer's own pages and internal search results. */
const PRIVATE_PATHS = [
  '/admin',
  '/api/',
  '/micarrito',
  '/miperfil',
  '/pedidos',
  '/login',
  '/registro',
  '/recuperar',
  '/messages',
  '/search/keyword',
];

/** Origin of a store's domain: https, except development `localhost` names served on `port`. */
export function storeOrigin(hostname: string, port: number): string {
  const local = hostname === 'localhost' || hostname.endsWith('.localhost');
  return local ? `http://${hostname}${port === 80 ? '' : `:${port}`}` : `https://${hostname}`;
}

/** robots.txt: a listed store allows crawling but its private paths; a closed store (or none) allows nothing. */
export function robotsTxt(site: { origin: string } | 'platform' | 'closed'): string {
  if (site === 'closed') return 'User-agent: *\nDisallow: /\n';
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...(site === 'platform' ? ['/admin', '/api/'] : PRIVATE_PATHS).map((p) => `Disallow: ${p}`),
  ];
  if (site !== 'platform') lines.push('', `Sitemap: ${site.origin}/sitemap.xml`);
  return lines.join('\n') + '\n';
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/** Every URL of the store's sitemap, in order: home, departments, categories, content pages, then products. */
export function sitemapUrls(origin: string, entries: SitemapEntries): { loc: string; lastmod?: string }[] {
  const urls: { loc: string; lastmod?: string }[] = [{ loc: `${origin}/` }, { loc: `${origin}/deps` }];
  for (const d of entries.departments) {
    urls.push({ loc: `${origin}/deps/departamento${q({ departamento: d.slug })}` });
    for (const c of d.categories) urls.push({ loc: `${origin}/search${q({ departamento: d.slug, categoria: c })}` });
  }
  for (const p of CONTENT_PAGES) urls.push({ loc: `${origin}/${p}` });
  for (const p of entries.products)
    urls.push({ loc: `${origin}/product${q({ codigo: p.codigo })}`, lastmod: p.updatedAt.toISOString().slice(0, 10) });
  return urls;
}

/** A `<urlset>` document. */
export function urlset(urls: { loc: string; lastmod?: string }[]): string {
  const body = urls
    .map((u) => `<url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** A `<sitemapindex>` naming `/sitemap.xml?page=1..pages`. */
export function sitemapIndex(origin: string, pages: number): string {
  const body = Array.from(
    { length: pages },
    (_, i) => `<sitemap><loc>${xml(`${origin}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}
