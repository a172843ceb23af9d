/**
 * Shipping adapter. The built-in table-rate provider prices the economical and
 * package services by the zone between the origin and destination states and the billable weight (the larger of
 * actual and volumetric weight, L×W×H cm / 5000 per kg, per parcel), and offers free pickup at the store's branch.
 * Prices are integer centavos MXN. Rates: docs/decisions/006-shipping-table-rates.md; zones between any two states
 * and parcels from packaging: docs/decisions/068-packaging-shipping-rates.md.
 */
import type { ShippingQuote } from '../../../shared/contracts/checkout.js';

/** The quote shape of the shared contract (src/shared/contracts/checkout.ts). */
export type { ShippingQuote } from '../../../shared/contracts/checkout.js';

/** `quantity` identical parcels (a package or a unit): real weight in grams, outer dimensions in cm. */
export interface Parcel {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  quantity: number;
}

export interface ShippingProvider {
  /**
   * Quotes every service for `parcels` going from `originState` (default Ciudad de México) to a Mexican `state`
   * (SEPOMEX state names).
   */
  quote(input: { originState?: string; state: string; parcels: Parcel[] }): ShippingQuote[];
}

export const TABLE_RATE_CARRIER = 'Vitrina Envíos';

/** The origin when the store has none (decision 006): Mexico City. */
export const DEFAULT_ORIGIN_STATE = 'Ciudad de México';

type Region = 'valle' | 'centro' | 'occidente' | 'noreste' | 'noroeste' | 'golfo_sur' | 'sureste' | 'baja';

/** Region of each SEPOMEX state (decision 068). */
const REGION_BY_STATE: Record<string, Region> = {
  'Ciudad de México': 'valle',
  México: 'valle',
  Hidalgo: 'centro',
  Morelos: 'centro',
  Puebla: 'centro',
  Tlaxcala: 'centro',
  Querétaro: 'centro',
  Guanajuato: 'centro',
  'Michoacán de Ocampo': 'centro',
  Jalisco: 'occidente',
  Colima: 'occidente',
  Nayarit: 'occidente',
  Aguascalientes: 'occidente',
  Zacatecas: 'occidente',
  'San Luis Potosí': 'occidente',
  'Nuevo León': 'noreste',
  Tamaulipas: 'noreste',
  'Coahuila de Zaragoza': 'noreste',
  Sonora: 'noroeste',
  Sinaloa: 'noroeste',
  Chihuahua: 'noroeste',
  Durango: 'noroeste',
  'Veracruz de Ignacio de la Llave': 'golfo_sur',
  Oaxaca: 'golfo_sur',
  Guerrero: 'golfo_sur',
  Tabasco: 'golfo_sur',
  Chiapas: 'sureste',
  Yucatán: 'sureste',
  Campeche: 'sureste',
  'Quintana Roo': 'sureste',
  'Baja California': 'baja',
  'Baja California Sur': 'baja',
};

/** Regions that share a border (unordered pairs). */
const NEIGHBOURS = new Set([
  'valle|centro',
  'centro|occidente',
  'centro|golfo_sur',
  'centro|noreste',
  'occidente|noreste',
  'occidente|noroeste',
  'noreste|noroeste',
  'golfo_sur|sureste',
  'noroeste|baja',
]);
const REMOTE: ReadonlySet<Region> = new Set(['sureste', 'baja']);

/**
 * The rate zone (1 nearest … 4 farthest) between two states (decision 068): 1 within one state or the Valley of
 * Mexico; 2 within one region or between neighbouring regions; 3 otherwise, and between neighbouring regions when one
 * is remote (the south-east or the Baja California peninsula); 4 from or to a remote region that is not a
 * neighbour. A state the table does not know counts as a region of its own, neither remote nor a neighbour (zone 3).
 * From Mexico City this gives decision 006's table.
 */
export function shippingZone(originState: string, state: string): 1 | 2 | 3 | 4 {
  if (originState === state) return 1;
  const a = REGION_BY_STATE[originState];
  const b = REGION_BY_STATE[state];
  if (!a || !b) return 3;
  if (a === b) return a === 'valle' ? 1 : 2;
  const remote = REMOTE.has(a) || REMOTE.has(b);
  if (NEIGHBOURS.has(`${a}|${b}`) || NEIGHBOURS.has(`${b}|${a}`)) return remote ? 3 : 2;
  return remote ? 4 : 3;
}

/** Per zone: base price for the first kg and price per additional kg, centavos; delivery days. */
const RATES: Record<
  'economico' | 'paquete',
  Record<1 | 2 | 3 | 4, { baseCents: number; perKgCents: number; minDays: number; maxDays: number }>
> = {
  economico: {
    1: { baseCents: 9900, perKgCents: 1000, minDays: 3, maxDays: 5 },
    2: { baseCents: 12900, perKgCents: 1500, minDays: 4, maxDays: 6 },
    3: { baseCents: 14900, perKgCents: 2000, minDays: 5, maxDays: 8 },
    4: { baseCents: 17900, perKgCents: 2500, minDays: 6, maxDays: 10 },
  },
  paquete: {
    1: { baseCents: 14900, perKgCents: 1500, minDays: 1, maxDays: 2 },
    2: { baseCents: 18900, perKgCents: 2000, minDays: 1, maxDays: 3 },
    3: { baseCents: 22900, perKgCents: 3000, minDays: 2, maxDays: 4 },
    4: { baseCents: 26900, perKgCents: 3500, minDays: 2, maxDays: 5 },
  },
};

/**
 * Billable weight in whole kilograms (rounded up, at least 1) of all parcels: per parcel the larger of its real
 * weight and its volumetric weight (L×W×H cm / 5000 kg, rounded up to whole grams), times its quantity, summed.
 */
export function billableKg(parcels: Parcel[]): number {
  let grams = 0;
  for (const p of parcels) {
    // cm³ / 5000 kg = cm³ / 5 g.
    const volumetricGrams = Math.ceil((p.lengthCm * p.widthCm * p.heightCm) / 5);
    grams += Math.max(p.weightGrams, volumetricGrams) * p.quantity;
  }
  return Math.max(1, Math.ceil(grams / 1000));
}

export function createShippingProvider(): ShippingProvider {
  return {
    quote({ originState = DEFAULT_ORIGIN_STATE, state, parcels }) {
      const zone = shippingZone(originState, state);
      const kg = billableKg(parcels);
      const quotes: ShippingQuote[] = (['economico', 'paquete'] as const).map((servicio) => {
        const r = RATES[servicio][zone];
        return {
          proveedor: TABLE_RATE_CARRIER,
          servicio,
          precio: r.baseCents + (kg - 1) * r.perKgCents,
          minDays: r.minDays,
          maxDays: r.maxDays,
        };
      });
      quotes.push({ proveedor: TABLE_RATE_CARRIER, servicio: 'pickup', precio: 0, minDays: 1, maxDays: 2 });
      return quotes;
    },
  };
}
