/** The built-in table rates (providers/shipping; decision 006): zone by state, billable weight, pickup free. */
import { describe, expect, it } from 'vitest';
import { billableKg, createShippingProvider, type Parcel } from '../../src/server/providers/shipping/index.js';

const parcel = (over: Partial<Parcel> = {}): Parcel => ({
  weightGrams: 800,
  lengthCm: 10,
  widthCm: 10,
  heightCm: 10,
  quantity: 1,
  ...over,
});
const price = (state: string, parcels: Parcel[], servicio: string) =>
  createShippingProvider()
    .quote({ state, parcels })
    .find((q) => q.servicio === servicio)!.precio;

describe('shipping rates', () => {
  it('bills the larger of actual and volumetric weight (L×W×H/5000 kg), in whole kg, at least 1', () => {
    expect(billableKg([])).toBe(1);
    expect(billableKg([parcel({ weightGrams: 200 })])).toBe(1);
    expect(billableKg([parcel({ weightGrams: 1001 })])).toBe(2);
    // 30×25×10 cm is 1.5 kg volumetric: heavier than its 800 g.
    expect(billableKg([parcel({ lengthCm: 30, widthCm: 25, heightCm: 10 })])).toBe(2);
    expect(billableKg([parcel({ weightGrams: 700, quantity: 3 })])).toBe(3);
  });

  it('prices economy and express by zone: base for the first kg plus a rate per extra kg', () => {
    const two = [parcel({ weightGrams: 1500 })];
    expect(price('Ciudad de México', two, 'economico')).toBe(9900 + 1000);
    expect(price('Ciudad de México', two, 'paquete')).toBe(14900 + 1500);
    expect(price('Puebla', two, 'economico')).toBe(12900 + 1500);
    expect(price('Jalisco', two, 'economico')).toBe(14900 + 2000); // not listed: zone 3
    expect(price('Quintana Roo', two, 'paquete')).toBe(26900 + 3500);
  });

  it('offers every service in order, pickup free, with integer centavos and delivery days', () => {
    const quotes = createShippingProvider().quote({ state: 'Yucatán', parcels: [parcel()] });
    expect(quotes.map((q) => q.servicio)).toEqual(['economico', 'paquete', 'pickup']);
    expect(quotes[2].precio).toBe(0);
    for (const q of quotes) {
      expect(Number.isInteger(q.precio)).toBe(true);
      expect(q.minDays).toBeLessThanOrEqual(q.maxDays);
    }
  });
});
