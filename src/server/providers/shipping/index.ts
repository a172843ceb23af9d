/**
 * Shipping adapter (DESIGN.md "Shipping"). The built-in table-rate provider prices the economical and
 * package services by destination zone and billable weight (the larger of actual and volumetric weight,
 * L×W×H cm / 5000 per kg), and offers free pickup at the store's branch. Prices are integer centavos MXN.
 * Rates and zones: docs/decisions/006-shipping-table-rates.md.
 */
import type { ShippingQuote } from '../../../shared/contracts/checkout.js';

/** The quote shape of the shared contract (src/shared/contracts/checkout.ts). */
export type { ShippingQuote } from '../../../shared/contracts/checkout.js';

export interface Parcel {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  quantity: number;
}

export interface ShippingProvider {
  /** Quotes every service for `parcels` going to a Mexican `state` (SEPOMEX state name). */
  quote(input: { state: string; parcels: Parcel[] }): ShippingQuote[];
}

export const TABLE_RATE_CARRIER = 'Vitrina Envíos';

/** Zone by destination state, from a Mexico City origin. */
const ZONE_BY_STATE: Record<string, 1 | 2 | 3 | 4> = {
  'Ciudad de México': 1,
  México: 1,
  Hidalgo: 2,
  Morelos: 2,
  Puebla: 2,
  Tlaxcala: 2,
  Querétaro: 2,
  Guanajuato: 2,
  'Michoacán de Ocampo': 2,
  'Baja California Sur': 4,
  'Quintana Roo': 4,
  Chiapas: 4,
  Yucatán: 4,
  Campeche: 4,
  'Baja California': 4,
};

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

/** Billable weight in whole kilograms (rounded up, at least 1) of all parcels. */
export function billableKg(parcels: Parcel[]): number {
  let grams = 0;
  for (const p of parcels) {
    const volumetricGrams = Math.ceil(((p.lengthCm * p.widthCm * p.heightCm) / 5000) * 1000);
    grams += Math.max(p.weightGrams, volumetricGrams) * p.quantity;
  }
  return Math.max(1, Math.ceil(grams / 1000));
}

export function createShippingProvider(): ShippingProvider {
  return {
    quote({ state, parcels }) {
      const zone = ZONE_BY_STATE[state] ?? 3;
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
