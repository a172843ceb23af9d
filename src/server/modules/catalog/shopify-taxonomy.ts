/**
 * Shopify's Standard Product Taxonomy ("Product Category" of its product CSV) in the store's language (decision 112):
 * its 26 top-level verticals and the common second levels, in Spanish (as Mexico says them) and English, so that a
 * Spanish store importing "Apparel & Accessories > Clothing > Shirts & Tops" gets "Ropa y accesorios" > "Ropa". A
 * path is matched by its English (or Spanish) names, or by a category id (`gid://shopify/TaxonomyCategory/aa-1`,
 * `aa-1`). Deeper levels are not named here: a store's own taxonomy has two levels, and the seller's "Type" column,
 * in their own language, names the category when it is given.
 */
import type { INDUSTRIES } from '../../../shared/contracts/catalog-admin.js';

type Industry = (typeof INDUSTRIES)[number];
interface Vertical {
  id: string;
  en: string;
  es: string;
  industry: Industry;
  /** Second levels: English name → Spanish name (and an id when it is a stable, published one). */
  children?: [en: string, es: string, id?: string][];
}

/** The 26 verticals of Shopify's taxonomy and their common second levels. */
const VERTICALS: Vertical[] = [
  {
    id: 'ap',
    en: 'Animals & Pet Supplies',
    es: 'Animales y mascotas',
    industry: 'other',
    children: [
      ['Live Animals', 'Animales vivos', 'ap-1'],
      ['Pet Supplies', 'Artículos para mascotas', 'ap-2'],
    ],
  },
  {
    id: 'aa',
    en: 'Apparel & Accessories',
    es: 'Ropa y accesorios',
    industry: 'apparel',
    children: [
      ['Clothing', 'Ropa', 'aa-1'],
      ['Clothing Accessories', 'Accesorios de vestir', 'aa-2'],
      ['Costumes & Accessories', 'Disfraces y accesorios', 'aa-3'],
      ['Handbag & Wallet Accessories', 'Accesorios para bolsos y carteras', 'aa-4'],
      ['Handbags, Wallets & Cases', 'Bolsos, carteras y estuches', 'aa-5'],
      ['Jewelry', 'Joyería'],
      ['Shoe Accessories', 'Accesorios para calzado'],
      ['Shoes', 'Calzado'],
    ],
  },
  {
    id: 'ae',
    en: 'Arts & Entertainment',
    es: 'Arte y entretenimiento',
    industry: 'other',
    children: [
      ['Event Tickets', 'Boletos para eventos'],
      ['Hobbies & Creative Arts', 'Pasatiempos y manualidades'],
      ['Party & Celebration', 'Fiestas y celebraciones'],
    ],
  },
  {
    id: 'bt',
    en: 'Baby & Toddler',
    es: 'Bebés y niños pequeños',
    industry: 'other',
    children: [
      ['Baby Bathing', 'Baño del bebé'],
      ['Baby Gift Sets', 'Juegos de regalo para bebé'],
      ['Baby Health', 'Salud del bebé'],
      ['Baby Safety', 'Seguridad para bebés'],
      ['Baby Toys & Activity Equipment', 'Juguetes y gimnasios para bebé'],
      ['Baby Transport', 'Carriolas y portabebés'],
      ['Baby Transport Accessories', 'Accesorios para carriolas y portabebés'],
      ['Diapering', 'Pañales y cambiadores'],
      ['Nursing & Feeding', 'Lactancia y alimentación'],
      ['Potty Training', 'Entrenamiento para ir al baño'],
      ['Swaddling & Receiving Blankets', 'Cobijas y mantas para bebé'],
    ],
  },
  {
    id: 'bi',
    en: 'Business & Industrial',
    es: 'Negocios e industria',
    industry: 'industrial',
    children: [
      ['Advertising & Marketing', 'Publicidad y mercadotecnia'],
      ['Agriculture', 'Agricultura'],
      ['Construction', 'Construcción'],
      ['Food Service', 'Servicio de alimentos'],
      ['Hairdressing & Cosmetology', 'Estética y cosmetología'],
      ['Heavy Machinery', 'Maquinaria pesada'],
      ['Medical', 'Equipo médico'],
      ['Retail', 'Comercio minorista'],
      ['Science & Laboratory', 'Ciencia y laboratorio'],
      ['Signage', 'Señalización'],
      ['Work Safety Protective Gear', 'Equipo de protección personal'],
    ],
  },
  { id: 'bu', en: 'Bundles', es: 'Paquetes', industry: 'other' },
  {
    id: 'co',
    en: 'Cameras & Optics',
    es: 'Cámaras y óptica',
    industry: 'electronics',
    children: [
      ['Camera & Optic Accessories', 'Accesorios para cámaras y óptica'],
      ['Cameras', 'Cámaras'],
      ['Optics', 'Óptica'],
      ['Photography', 'Fotografía'],
    ],
  },
  {
    id: 'el',
    en: 'Electronics',
    es: 'Electrónica',
    industry: 'electronics',
    children: [
      ['Audio', 'Audio'],
      ['Communications', 'Comunicaciones'],
      ['Components', 'Componentes'],
      ['Computers', 'Computadoras'],
      ['Electronics Accessories', 'Accesorios electrónicos'],
      ['Networking', 'Redes'],
      ['Print, Copy, Scan & Fax', 'Impresión, copiado, escaneo y fax'],
      ['Video', 'Video'],
      ['Video Game Console Accessories', 'Accesorios para consolas de videojuegos'],
      ['Video Game Consoles', 'Consolas de videojuegos'],
    ],
  },
  {
    id: 'fb',
    en: 'Food, Beverages & Tobacco',
    es: 'Alimentos, bebidas y tabaco',
    industry: 'food',
    children: [
      ['Beverages', 'Bebidas'],
      ['Food Items', 'Alimentos'],
      ['Tobacco Products', 'Productos de tabaco'],
    ],
  },
  {
    id: 'fr',
    en: 'Furniture',
    es: 'Muebles',
    industry: 'furniture',
    children: [
      ['Baby & Toddler Furniture', 'Muebles para bebé'],
      ['Beds & Accessories', 'Camas y accesorios'],
      ['Benches', 'Bancas'],
      ['Cabinets & Storage', 'Gabinetes y almacenamiento'],
      ['Chairs', 'Sillas'],
      ['Entertainment Centers & TV Stands', 'Centros de entretenimiento y muebles para TV'],
      ['Furniture Sets', 'Juegos de muebles'],
      ['Office Furniture', 'Muebles de oficina'],
      ['Outdoor Furniture', 'Muebles de exterior'],
      ['Shelving', 'Repisas y libreros'],
      ['Sofas', 'Salas y sofás'],
      ['Tables', 'Mesas'],
    ],
  },
  { id: 'gc', en: 'Gift Cards', es: 'Tarjetas de regalo', industry: 'other' },
  {
    id: 'ha',
    en: 'Hardware',
    es: 'Ferretería',
    industry: 'construction',
    children: [
      ['Building Consumables', 'Consumibles de construcción'],
      ['Building Materials', 'Materiales de construcción'],
      ['Fencing & Barriers', 'Cercas y barreras'],
      ['Hardware Accessories', 'Accesorios de ferretería'],
      ['Heating, Ventilation & Air Conditioning', 'Calefacción, ventilación y aire acondicionado'],
      ['Locks & Keys', 'Cerraduras y llaves'],
      ['Plumbing', 'Plomería'],
      ['Power & Electrical Supplies', 'Material eléctrico'],
      ['Tool Accessories', 'Accesorios para herramientas'],
      ['Tools', 'Herramientas'],
    ],
  },
  {
    id: 'hb',
    en: 'Health & Beauty',
    es: 'Salud y belleza',
    industry: 'beauty',
    children: [
      ['Health Care', 'Cuidado de la salud'],
      ['Jewelry Cleaning & Care', 'Limpieza y cuidado de joyería'],
      ['Personal Care', 'Cuidado personal'],
    ],
  },
  {
    id: 'hg',
    en: 'Home & Garden',
    es: 'Hogar y jardín',
    industry: 'home',
    children: [
      ['Bathroom Accessories', 'Accesorios de baño'],
      ['Business & Home Security', 'Seguridad para el hogar y el negocio'],
      ['Decor', 'Decoración'],
      ['Emergency Preparedness', 'Emergencias'],
      ['Household Appliance Accessories', 'Accesorios para electrodomésticos'],
      ['Household Appliances', 'Electrodomésticos'],
      ['Household Supplies', 'Artículos para el hogar'],
      ['Kitchen & Dining', 'Cocina y comedor'],
      ['Lawn & Garden', 'Jardín'],
      ['Lighting', 'Iluminación'],
      ['Linens & Bedding', 'Blancos y ropa de cama'],
      ['Plants', 'Plantas'],
      ['Pool & Spa', 'Albercas y spa'],
    ],
  },
  {
    id: 'lb',
    en: 'Luggage & Bags',
    es: 'Equipaje y bolsas',
    industry: 'other',
    children: [
      ['Backpacks', 'Mochilas'],
      ['Briefcases', 'Portafolios'],
      ['Cosmetic & Toiletry Bags', 'Cosmetiqueras y neceseres'],
      ['Diaper Bags', 'Pañaleras'],
      ['Duffel Bags', 'Maletas de viaje'],
      ['Fanny Packs', 'Cangureras'],
      ['Luggage Accessories', 'Accesorios de equipaje'],
      ['Messenger Bags', 'Bolsas de mensajero'],
      ['Shopping Totes', 'Bolsas para el mandado'],
      ['Suitcases', 'Maletas'],
    ],
  },
  { id: 'ma', en: 'Mature', es: 'Para adultos', industry: 'other' },
  {
    id: 'me',
    en: 'Media',
    es: 'Libros y multimedia',
    industry: 'other',
    children: [
      ['Books', 'Libros'],
      ['DVDs & Videos', 'DVD y videos'],
      ['Magazines & Newspapers', 'Revistas y periódicos'],
      ['Music & Sound Recordings', 'Música y grabaciones'],
      ['Sheet Music', 'Partituras'],
    ],
  },
  {
    id: 'os',
    en: 'Office Supplies',
    es: 'Artículos de oficina',
    industry: 'other',
    children: [
      ['Filing & Organization', 'Archivo y organización'],
      ['General Office Supplies', 'Papelería'],
      ['Office Equipment', 'Equipo de oficina'],
      ['Office Instruments', 'Instrumentos de oficina'],
      ['Paper Handling', 'Manejo de papel'],
      ['Presentation Supplies', 'Artículos para presentaciones'],
      ['Shipping Supplies', 'Artículos para envíos'],
    ],
  },
  { id: 'pa', en: 'Product Add-Ons', es: 'Complementos de productos', industry: 'other' },
  {
    id: 'rc',
    en: 'Religious & Ceremonial',
    es: 'Artículos religiosos y ceremoniales',
    industry: 'other',
    children: [
      ['Memorial Ceremony Supplies', 'Artículos funerarios'],
      ['Religious Items', 'Artículos religiosos'],
      ['Wedding Ceremony Supplies', 'Artículos para bodas'],
    ],
  },
  { id: 'se', en: 'Services', es: 'Servicios', industry: 'other' },
  {
    id: 'so',
    en: 'Software',
    es: 'Software',
    industry: 'electronics',
    children: [
      ['Computer Software', 'Programas de cómputo'],
      ['Digital Goods & Currency', 'Bienes digitales'],
      ['Video Game Software', 'Videojuegos'],
    ],
  },
  {
    id: 'sg',
    en: 'Sporting Goods',
    es: 'Artículos deportivos',
    industry: 'sports',
    children: [
      ['Athletics', 'Deportes'],
      ['Exercise & Fitness', 'Ejercicio y acondicionamiento físico'],
      ['Indoor Games', 'Juegos de interior'],
      ['Outdoor Recreation', 'Recreación al aire libre'],
    ],
  },
  {
    id: 'tg',
    en: 'Toys & Games',
    es: 'Juguetes y juegos',
    industry: 'toys',
    children: [
      ['Game Timers', 'Temporizadores de juego'],
      ['Games', 'Juegos'],
      ['Outdoor Play Equipment', 'Juegos para exterior'],
      ['Puzzles', 'Rompecabezas'],
      ['Toys', 'Juguetes'],
    ],
  },
  {
    id: 'vp',
    en: 'Vehicles & Parts',
    es: 'Vehículos y refacciones',
    industry: 'automotive',
    children: [
      ['Vehicle Parts & Accessories', 'Refacciones y accesorios para vehículos'],
      ['Vehicles', 'Vehículos'],
    ],
  },
  { id: 'na', en: 'Uncategorized', es: 'General', industry: 'other' },
];

/** Shoes are their own industry in Vitrina, a second level of Apparel in Shopify's taxonomy. */
const FOOTWEAR = 'Shoes';

const key = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const byName = new Map<string, Vertical>();
const byId = new Map<string, Vertical>();
for (const v of VERTICALS) {
  byName.set(key(v.en), v);
  byName.set(key(v.es), v);
  byId.set(v.id, v);
}

/** A Product Category as given: its levels' names, or the levels of a taxonomy id ("gid://…/aa-1-13", "aa-1"). */
function levels(productCategory: string): { names: string[]; ids: string[] } {
  const id = /^(?:gid:\/\/shopify\/TaxonomyCategory\/)?([a-z]{2}(?:-\d+)*)$/i.exec(productCategory.trim())?.[1];
  if (id) {
    const parts = id.toLowerCase().split('-');
    return { names: [], ids: parts.map((_, i) => parts.slice(0, i + 1).join('-')) };
  }
  return {
    names: productCategory
      .split('>')
      .map((s) => s.trim())
      .filter(Boolean),
    ids: [],
  };
}

/** What a Product Category says in the store's language. */
export interface LocalisedCategory {
  /** The department: the vertical's name in `lang`, else the path's top level as written; null when empty. */
  department: string | null;
  /**
   * The category from the path: the second level in `lang` when the map knows it; for a known vertical whose second
   * level it does not know, the second level as written on an English store and the department's name on a Spanish
   * one (never English on a Spanish store); for a path outside Shopify's taxonomy, its last level as written.
   */
  category: string | null;
  /** Vitrina's industry of a known vertical; null when the vertical is not Shopify's. */
  industry: Industry | null;
}

/**
 * Shopify's Product Category (`Apparel & Accessories > Clothing > Shirts & Tops`, or a taxonomy id) in `lang`
 * (decision 112). Pure; a path that is not Shopify's (the seller's own "Hombre > Camisas") is kept as written.
 */
export function localiseShopifyCategory(productCategory: string, lang: 'es' | 'en'): LocalisedCategory {
  const { names, ids } = levels(productCategory);
  const vertical = ids.length ? byId.get(ids[0]!) : names.length ? byName.get(key(names[0]!)) : undefined;
  if (!vertical) {
    if (!names.length) return { department: null, category: null, industry: null };
    return { department: names[0]!, category: names[names.length - 1]!, industry: null };
  }
  const department = vertical[lang];
  const second = ids.length
    ? vertical.children?.find((c) => c[2] === ids[1])
    : names[1]
      ? vertical.children?.find((c) => key(c[0]) === key(names[1]!) || key(c[1]) === key(names[1]!))
      : undefined;
  const industry = second?.[0] === FOOTWEAR ? 'footwear' : vertical.industry;
  if (second) return { department, category: lang === 'es' ? second[1] : second[0], industry };
  const category = lang === 'en' && names[1] ? names[1] : department;
  return { department, category, industry };
}
