/**
 * The supplier demo store's catalogue ("Bajío Mayoreo", a León manufacturer) from DummyJSON: the 95 products whose
 * brands are generic (home, kitchen, sports, clothing, footwear, bags, accessories; no Rolex, Apple or Nike a León
 * workshop could not make), with Spanish names and departments, prices in MXN. DummyJSON ships no image files (its
 * photos live on a CDN this build cannot reach), so each product gets a drawn card: the department's colours, its
 * Spanish name and category, written as WebP like the other catalogues' photos.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { SeedCatalog } from './build.js';

type Product = SeedCatalog['products'][number];

/** DummyJSON category → [department slug, name], [category slug, name], card colour. */
const CATEGORIES: Record<string, { dep: [string, string]; cat: [string, string]; color: string }> = {
  'kitchen-accessories': { dep: ['hogar', 'Hogar y cocina'], cat: ['cocina', 'Cocina'], color: '#b45309' },
  'home-decoration': { dep: ['hogar', 'Hogar y cocina'], cat: ['decoracion', 'Decoración'], color: '#0f766e' },
  furniture: { dep: ['hogar', 'Hogar y cocina'], cat: ['muebles', 'Muebles'], color: '#7c2d12' },
  'sports-accessories': {
    dep: ['deportes', 'Deportes'],
    cat: ['balones-y-equipo', 'Balones y equipo'],
    color: '#1d4ed8',
  },
  tops: { dep: ['moda', 'Moda'], cat: ['vestidos-y-blusas', 'Vestidos y blusas'], color: '#be185d' },
  'womens-dresses': { dep: ['moda', 'Moda'], cat: ['vestidos-y-blusas', 'Vestidos y blusas'], color: '#be185d' },
  'mens-shirts': { dep: ['moda', 'Moda'], cat: ['camisas', 'Camisas'], color: '#334155' },
  'womens-shoes': { dep: ['calzado-y-piel', 'Calzado y piel'], cat: ['calzado', 'Calzado'], color: '#78350f' },
  'womens-bags': { dep: ['calzado-y-piel', 'Calzado y piel'], cat: ['bolsas', 'Bolsas'], color: '#92400e' },
  sunglasses: { dep: ['accesorios', 'Accesorios'], cat: ['lentes-de-sol', 'Lentes de sol'], color: '#0e7490' },
  'mens-watches': { dep: ['accesorios', 'Accesorios'], cat: ['relojes', 'Relojes'], color: '#475569' },
  'womens-watches': { dep: ['accesorios', 'Accesorios'], cat: ['relojes', 'Relojes'], color: '#475569' },
  'womens-jewellery': { dep: ['accesorios', 'Accesorios'], cat: ['joyeria', 'Joyería'], color: '#a21caf' },
  'mobile-accessories': {
    dep: ['accesorios', 'Accesorios'],
    cat: ['foto-y-celular', 'Foto y celular'],
    color: '#4338ca',
  },
  beauty: { dep: ['belleza', 'Belleza'], cat: ['maquillaje', 'Maquillaje'], color: '#db2777' },
};

/** DummyJSON id → Spanish name (hand-translated; brands kept). Only these products are taken. */
const NAMES: Record<number, string> = {
  2: 'Paleta de sombras con espejo',
  3: 'Polvo compacto en estuche',
  4: 'Lápiz labial rojo',
  5: 'Esmalte de uñas rojo',
  13: 'Buró de cerezo africano',
  15: 'Lavabo de madera con espejo',
  43: 'Columpio decorativo',
  44: 'Portarretratos árbol genealógico',
  45: 'Planta decorativa de ornato',
  46: 'Maceta',
  47: 'Lámpara de mesa',
  48: 'Espátula de bambú',
  49: 'Vaso de aluminio negro',
  50: 'Batidor de globo negro',
  51: 'Licuadora en caja',
  52: 'Wok de acero al carbón',
  53: 'Tabla para picar',
  54: 'Exprimidor de cítricos amarillo',
  55: 'Rebanador de huevo',
  56: 'Parrilla eléctrica',
  57: 'Colador de malla fina',
  58: 'Tenedor',
  59: 'Vaso de vidrio',
  60: 'Rallador negro',
  61: 'Batidora de inmersión',
  62: 'Charola para hielos',
  63: 'Coladera de cocina',
  64: 'Cuchillo',
  65: 'Lonchera',
  66: 'Horno de microondas',
  67: 'Árbol para tazas',
  68: 'Sartén',
  69: 'Plato',
  70: 'Pinzas rojas',
  71: 'Olla plateada con tapa de vidrio',
  72: 'Pala ranurada',
  73: 'Especiero',
  74: 'Cuchara',
  75: 'Charola',
  76: 'Rodillo de madera',
  77: 'Pelador amarillo',
  83: 'Camisa a cuadros azul y negro',
  85: 'Camisa de franela a cuadros',
  86: 'Camisa de manga corta',
  87: 'Camisa a cuadros para hombre',
  93: 'Reloj con correa de piel café',
  109: 'Monopié',
  110: 'Lámpara para selfie',
  111: 'Bastón para selfie',
  137: 'Balón de futbol americano',
  138: 'Pelota de beisbol',
  139: 'Guante de beisbol',
  140: 'Balón de basquetbol',
  141: 'Aro de basquetbol',
  142: 'Pelota de críquet',
  143: 'Bate de críquet',
  144: 'Casco de críquet',
  145: 'Wicket de críquet',
  146: 'Gallito de plumas para bádminton',
  147: 'Balón de futbol',
  148: 'Pelota de golf',
  149: 'Palo de golf de hierro',
  150: 'Bate de beisbol de metal',
  151: 'Pelota de tenis',
  152: 'Raqueta de tenis',
  153: 'Balón de voleibol',
  154: 'Lentes de sol negros',
  155: 'Lentes de sol clásicos',
  156: 'Lentes verde con negro',
  157: 'Lentes de fiesta',
  158: 'Lentes de sol',
  162: 'Vestido azul',
  163: 'Vestido de verano para niña',
  164: 'Vestido gris',
  165: 'Vestido corto',
  166: 'Vestido escocés',
  172: 'Bolsa de mano azul',
  173: 'Bolsa de piel Heshe',
  175: 'Mochila blanca de piel sintética',
  176: 'Bolsa de mano negra',
  177: 'Vestido de noche negro',
  178: 'Corsé de piel con falda',
  179: 'Corsé con falda negra',
  180: 'Vestido verde chícharo',
  181: 'Traje rojo con negro',
  182: 'Aretes de cristal verde',
  183: 'Aretes ovalados verdes',
  184: 'Aretes tropicales',
  185: 'Pantuflas negro con café',
  187: 'Zapatos dorados para mujer',
  188: 'Zapatos Pampi',
  189: 'Zapatos rojos',
  194: 'Reloj de pulso para mujer',
};

const det = (key: string, min: number, max: number) =>
  min + (createHash('sha256').update(key).digest().readUInt32BE(0) % (max - min + 1));

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Splits a name into lines of at most `max` characters. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The product's drawn card, 800×800 WebP: a gradient in the department colour, the name and category. */
async function drawCard(dest: string, name: string, category: string, color: string, brand: string): Promise<void> {
  if (fs.existsSync(dest)) return;
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  const lines = wrap(name, 18);
  const top = 400 - (lines.length - 1) * 40;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs><rect width="800" height="800" fill="url(#g)"/><rect x="60" y="60" width="680" height="680" rx="36" fill="#ffffff" fill-opacity="0.1"/><text x="400" y="170" font-family="DejaVu Sans,Arial,sans-serif" font-size="34" fill="#ffffff" fill-opacity="0.85" text-anchor="middle" letter-spacing="4">${xml(category.toUpperCase())}</text>${lines.map((l, i) => `<text x="400" y="${top + i * 80}" font-family="DejaVu Sans,Arial,sans-serif" font-size="64" font-weight="700" fill="#ffffff" text-anchor="middle">${xml(l)}</text>`).join('')}<text x="400" y="660" font-family="DejaVu Sans,Arial,sans-serif" font-size="30" fill="#ffffff" fill-opacity="0.8" text-anchor="middle">${xml(brand)}</text></svg>`;
  await sharp(Buffer.from(svg)).webp({ quality: 70 }).toFile(dest);
}

/** Builds the supplier's catalogue; `usdToCents` is the build's price conversion (USD × 18, up to a peso in 9). */
export async function buildBajio(
  datasets: string,
  out: string,
  usdToCents: (usd: number) => number,
): Promise<SeedCatalog> {
  const raw = JSON.parse(fs.readFileSync(path.join(datasets, 'products-dummyjson', 'products.json'), 'utf8')) as any[];
  const departments: SeedCatalog['departments'] = [];
  const products: Product[] = [];
  for (const p of raw) {
    const name = NAMES[p.id as number];
    const map = CATEGORIES[p.category as string];
    if (!name || !map) continue;
    let d = departments.find((x) => x.slug === map.dep[0]);
    if (!d)
      departments.push((d = { slug: map.dep[0], name: map.dep[1], position: departments.length, categories: [] }));
    if (!d.categories.some((c) => c.slug === map.cat[0]))
      d.categories.push({ slug: map.cat[0], name: map.cat[1], position: d.categories.length });
    const codigo = `BJ-${String(p.id).padStart(3, '0')}`;
    const brand = (p.brand as string | undefined) ?? 'Bajío';
    const priceCents = usdToCents(p.price);
    // DummyJSON's `weight` is 1-10 without a unit and its dimensions are unitless decimals: read as kg and cm.
    const dims = p.dimensions as { width: number; height: number; depth: number };
    const cm = (n: number) => Math.max(1, Math.round(n));
    const shortDescription = `${name}. ${map.cat[1]} de fabricación mexicana, hecho en León, Guanajuato.`.slice(0, 160);
    products.push({
      codigo,
      name,
      shortDescription,
      description: [
        `${name}, ${map.cat[1].toLowerCase()} fabricado por Bajío Mayoreo en León, Guanajuato.`,
        `Garantía: ${p.warrantyInformation}. Devoluciones: ${p.returnPolicy}.`,
        '',
        'Descripción original (inglés):',
        p.description as string,
      ].join('\n'),
      usage: `${map.cat[1]} para uso diario; surtido para tiendas y revendedores.`,
      keywords: [...new Set([map.cat[1].toLowerCase(), map.dep[1].toLowerCase(), ...(p.tags as string[])])],
      department: map.dep[0],
      category: map.cat[0],
      brand,
      priceCents,
      compareAtCents: p.discountPercentage >= 10 ? usdToCents(p.price * (1 + p.discountPercentage / 100)) : null,
      minOrderQty: 1,
      weightGrams: Math.max(100, (p.weight as number) * 250),
      dimensionsCm: { length: cm(dims.depth), width: cm(dims.width), height: cm(dims.height) },
      packaging: { type: 'cardboard_box', piecesPerPackage: 1 },
      attributes: { Marca: [brand], Origen: ['Hecho en México'] },
      specifications: [
        { label: 'Marca', value: brand },
        { label: 'SKU del fabricante', value: p.sku as string },
        { label: 'Compra mínima de mayoreo', value: `${p.minimumOrderQuantity} piezas` },
        { label: 'Garantía', value: p.warrantyInformation as string },
      ],
      variants: [{ sku: codigo, options: {}, priceCents, stock: Math.max(p.stock as number, det(codigo, 20, 120)) }],
      reviews: (p.reviews as any[]).map((r, i) => ({
        rating: r.rating,
        title: '',
        comment: r.comment,
        author: r.reviewerName,
        daysAgo: det(`${codigo}${i}`, 1, 300),
      })),
      image: `bajio/${codigo}.webp`,
      featured: det(`${codigo}f`, 0, 5) === 0,
      soldCount: det(`${codigo}sold`, 0, 400),
    });
    await drawCard(path.join(out, 'images', 'bajio', `${codigo}.webp`), name, map.cat[1], map.color, brand);
  }
  return { source: 'Ovi/DummyJSON@55ca918', lang: 'es', departments, products };
}
