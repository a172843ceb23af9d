/**
 * Word-level English → Mexican Spanish dictionary for the demo catalogue (decision 002). Product-type words become
 * the head of the Spanish name; descriptors follow it; proper names (Chaz, Kangeroo, LumaTech™) are kept.
 */

/** Product types, longest first. */
export const PRODUCT_TYPES: [string, string][] = [
  ['Strength Band Kit', 'Kit de bandas de resistencia'], ['Tone Band', 'Banda tonificadora'], ['Band', 'Banda elástica'],
  ['Water Bottle', 'Botella de agua'], ['Yoga Brick', 'Bloque de yoga'], ['Foam Roller', 'Rodillo de espuma'],
  ['Jump Rope', 'Cuerda para saltar'], ['Pushup Grips', 'Agarraderas para lagartijas'], ['Cardio Ball', 'Balón de cardio'],
  ['Duffle Bag', 'Maleta deportiva'], ['Messenger Bag', 'Bolsa mensajera'], ['Shoulder Pack', 'Bolsa de hombro'],
  ['Shoulder Tote', 'Bolsa tote de hombro'], ['Track Tote', 'Bolsa tote deportiva'], ['Yoga Bag', 'Bolsa para yoga'],
  ['Backpack', 'Mochila'], ['Duffle', 'Maleta deportiva'], ['Messenger', 'Bolsa mensajera'], ['Tote', 'Bolsa tote'], ['Bag', 'Bolsa'],
  ['Analog Watch', 'Reloj analógico'], ['Digital Watch', 'Reloj digital'], ['Sport Watch', 'Reloj deportivo'], ['Watch', 'Reloj'],
  ['Hooded Fleece', 'Sudadera de forro polar con capucha'], ['Hoodlie', 'Sudadera con capucha'], ['Hoodie', 'Sudadera con capucha'], ['Sweatshirt', 'Sudadera'], ['Pullover', 'Suéter'],
  ['Jackshirt', 'Chamarra camisera'], ['Jacket', 'Chamarra'], ['Shell', 'Chamarra rompevientos'],
  ['Bra Top', 'Top deportivo'], ['Bra', 'Top deportivo'], ['Tee', 'Playera'], ['Tank', 'Playera sin mangas'], ['Top', 'Blusa deportiva'],
  ['Tight', 'Malla'], ['Leggings', 'Leggings'], ['Capri', 'Pantalón capri'], ['Pant', 'Pantalón'], ['Short', 'Short'],
];

/** Descriptors placed after the type. */
export const DESCRIPTORS: Record<string, string> = {
  Running: 'para correr', Yoga: 'de yoga', Gym: 'para gimnasio', Fitness: 'fitness', Workout: 'de entrenamiento',
  Compression: 'de compresión', Track: 'deportivo', 'Full-Zip': 'con cierre completo', Zip: 'con cierre', Full: 'completo',
  Hooded: 'con capucha', Fleece: 'de forro polar', 'Fleece-lined': 'forrado', Lightweight: 'ligero', Light: 'ligero',
  'Long-Sleeve': 'de manga larga', 'Short-Sleeve': 'de manga corta', Sleeve: 'de manga', Performance: 'de alto rendimiento',
  'All-Weather': 'para todo clima', 'All-Purpose': 'multiusos', Active: 'activo', Sport: 'deportivo', Sports: 'deportivo',
  '(V-neck)': '(cuello en V)', '(Crew-neck)': '(cuello redondo)', '(Crew-Neck)': '(cuello redondo)', 'V-Neck': 'cuello en V',
  Crewneck: 'cuello redondo', Drawstring: 'con jareta', Parachute: 'paracaídas', 'Warm-Up': 'de calentamiento',
  'Two-Tone': 'bicolor', Fitted: 'entallado', Dual: 'doble', Handle: 'con asa', Foam: 'de espuma', Daytrip: 'de paseo',
  Overnight: 'de viaje', Trail: 'de montaña', Wind: 'rompevientos', Micro: 'micro', Racer: 'racer', 'Cross-Fit': 'cross-fit',
  Roll: 'enrollable', Solar: 'solar', Elements: 'Elements', Field: 'de campo', Street: 'urbano', Trainer: 'de entrenamiento',
  Weightlifting: 'para pesas',
};

export const COLORS: Record<string, string> = {
  Black: 'Negro', Blue: 'Azul', Red: 'Rojo', Green: 'Verde', Purple: 'Morado', Orange: 'Naranja', Gray: 'Gris', Yellow: 'Amarillo',
  White: 'Blanco', Brown: 'Café', Lavender: 'Lavanda',
};

export const ATTRIBUTE_VALUES: Record<string, string> = {
  ...COLORS,
  Solid: 'Liso', Indoor: 'Interior', Polyester: 'Poliéster', Warm: 'Cálido', 'All-weather': 'Todo clima', Spring: 'Primavera', Cool: 'Fresco',
  Mild: 'Templado', 'Organic Cotton': 'Algodón orgánico', Nylon: 'Nailon', Gym: 'Gimnasio', Exercise: 'Ejercicio', Spandex: 'Licra',
  Windy: 'Ventoso', Cotton: 'Algodón', Yoga: 'Yoga', Hot: 'Caluroso', Plastic: 'Plástico', Wool: 'Lana', Fleece: 'Forro polar',
  Wintry: 'Invernal', 'Color-Blocked': 'Bloques de color', Athletic: 'Atlético', Cold: 'Frío', Rayon: 'Rayón', Mesh: 'Malla',
  Sports: 'Deportes', Recreation: 'Recreación', Rubber: 'Hule', Electronic: 'Electrónico', Timepiece: 'Reloj', Rainy: 'Lluvioso',
  Hemp: 'Cáñamo', Travel: 'Viaje', School: 'Escuela', Laptop: 'Laptop', Leather: 'Piel', Outdoor: 'Exterior', Striped: 'Rayas',
  'Solid-Highlight': 'Liso con detalles', Overnight: 'Viaje corto', Canvas: 'Lona', Urban: 'Urbano', Silicone: 'Silicón',
  Microfiber: 'Microfibra', Messenger: 'Mensajera', Tote: 'Tote', Hiking: 'Senderismo', Backpack: 'Mochila', Cardio: 'Cardio',
  Duffel: 'Maleta', Trail: 'Montaña', Metal: 'Metal', Luggage: 'Equipaje', Foam: 'Espuma', Fashion: 'Moda', Linen: 'Lino',
  Jersey: 'Jersey', Checked: 'Cuadros', 'Graphic Print': 'Estampado', Suede: 'Gamuza', Burlap: 'Arpillera', Hydration: 'Hidratación',
  Synthetic: 'Sintético', 'Stainless Steel': 'Acero inoxidable', Men: 'Hombre', Women: 'Mujer', Unisex: 'Unisex', Boys: 'Niños', Girls: 'Niñas',
};

export const ATTRIBUTE_LABELS: Record<string, string> = {
  material: 'Material', pattern: 'Patrón', climate: 'Clima', activity: 'Actividad', gender: 'Género', style_bags: 'Estilo',
  strap_bags: 'Correa', features_bags: 'Características', category_gear: 'Tipo', style_general: 'Estilo', sleeve: 'Manga',
  collar: 'Cuello', style_bottom: 'Estilo', format: 'Formato', eco_collection: 'Colección ecológica', erin_recommends: 'Recomendado',
  new: 'Nuevo', sale: 'Oferta', performance_fabric: 'Tela de alto rendimiento',
};

/** Luma category path → Spanish department and category. */
export const LUMA_CATEGORIES: Record<string, { department: [string, string]; category: [string, string] }> = {
  'Women/Tops/Bras & Tanks': { department: ['mujer', 'Mujer'], category: ['tops-y-playeras-sin-mangas', 'Tops y playeras sin mangas'] },
  'Women/Tops/Hoodies & Sweatshirts': { department: ['mujer', 'Mujer'], category: ['sudaderas', 'Sudaderas'] },
  'Women/Tops/Jackets': { department: ['mujer', 'Mujer'], category: ['chamarras', 'Chamarras'] },
  'Women/Tops/Tees': { department: ['mujer', 'Mujer'], category: ['playeras', 'Playeras'] },
  'Women/Bottoms/Pants': { department: ['mujer', 'Mujer'], category: ['pantalones', 'Pantalones'] },
  'Women/Bottoms/Shorts': { department: ['mujer', 'Mujer'], category: ['shorts', 'Shorts'] },
  'Men/Tops/Hoodies & Sweatshirts': { department: ['hombre', 'Hombre'], category: ['sudaderas', 'Sudaderas'] },
  'Men/Tops/Jackets': { department: ['hombre', 'Hombre'], category: ['chamarras', 'Chamarras'] },
  'Men/Tops/Tees': { department: ['hombre', 'Hombre'], category: ['playeras', 'Playeras'] },
  'Men/Tops/Tanks': { department: ['hombre', 'Hombre'], category: ['playeras-sin-mangas', 'Playeras sin mangas'] },
  'Men/Bottoms/Pants': { department: ['hombre', 'Hombre'], category: ['pantalones', 'Pantalones'] },
  'Men/Bottoms/Shorts': { department: ['hombre', 'Hombre'], category: ['shorts', 'Shorts'] },
  'Gear/Bags': { department: ['equipo', 'Equipo'], category: ['mochilas-y-bolsas', 'Mochilas y bolsas'] },
  'Gear/Fitness Equipment': { department: ['equipo', 'Equipo'], category: ['equipo-de-ejercicio', 'Equipo de ejercicio'] },
  'Gear/Watches': { department: ['equipo', 'Equipo'], category: ['relojes', 'Relojes'] },
};

/** Translates a Luma product name: type first, then descriptors, then the proper names. */
export function translateName(name: string): string {
  let rest = ` ${name} `;
  let type = '';
  for (const [en, es] of PRODUCT_TYPES) {
    const i = rest.indexOf(` ${en} `);
    if (i >= 0) { type = es; rest = `${rest.slice(0, i)} ${rest.slice(i + en.length + 1)}`; break; }
  }
  const words = rest.trim().split(/\s+/).filter(Boolean);
  const descriptors = words.filter((w) => DESCRIPTORS[w]).map((w) => DESCRIPTORS[w]);
  const proper = words.filter((w) => !DESCRIPTORS[w]);
  return [type, ...descriptors, ...proper].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim() || name;
}
