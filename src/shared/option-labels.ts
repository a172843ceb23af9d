/**
 * How a variant's options read to a person ("Talla: G · Color: Rojo"), the same on every screen and email that shows
 * a product line: the cart, the order page and receipt, the seller's order page and the order emails. Option NAMES
 * are the catalogue's attribute kinds (decision 045: color, size, width, capacity, type), shown in the reader's
 * language; the names older products and imports use for them ("talla", "colour", "tipo"…) count as those kinds; any
 * other name is the seller's own and shows as entered. Option VALUES are the seller's data and are never translated.
 */

/** The attribute kinds a variant's options are named by (decision 045). */
export const OPTION_KINDS = ['color', 'size', 'width', 'capacity', 'type'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** Option names (lower case) that mean one of the kinds. */
const KIND_BY_NAME: Record<string, OptionKind> = {
  color: 'color',
  colour: 'color',
  colores: 'color',
  size: 'size',
  talla: 'size',
  tamaño: 'size',
  tamano: 'size',
  width: 'width',
  ancho: 'width',
  capacity: 'capacity',
  capacidad: 'capacity',
  type: 'type',
  tipo: 'type',
};

/** The attribute kind an option name stands for ("Talla" → size), or null for a name of the seller's own. */
export function optionKind(name: string): OptionKind | null {
  return KIND_BY_NAME[name.trim().toLowerCase()] ?? null;
}

/**
 * The label of one option name: `kindName(kind)` (the reader's language) for a kind, else the name as entered with
 * its first letter in capitals (it starts a label: "Screen size", "RAM").
 */
export function optionName(name: string, kindName: (kind: OptionKind) => string): string {
  const kind = optionKind(name);
  return kind ? kindName(kind) : name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * "Talla: G · Color: Rojo" for `{ size: 'G', color: 'Rojo' }`, options in their stored order; `kindName` names a kind
 * in the reader's language (a translation function), `separator` joins the options (" · " on screens).
 */
export function optionsLabel(
  options: Record<string, string>,
  kindName: (kind: OptionKind) => string,
  separator = ' · ',
): string {
  return Object.entries(options)
    .map(([name, value]) => `${optionName(name, kindName)}: ${value}`)
    .join(separator);
}
