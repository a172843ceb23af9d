/**
 * The built-in table rates (providers/shipping; decisions 006, 068): zone between origin and destination states,
 * parcels from packaging, billable weight, pickup free.
 */
import { describe, expect, it } from 'vitest';
import {
  billableKg,
  createShippingProvider,
  shippingZone,
  type Parcel,
} from '../../src/server/providers/shipping/index.js';
import { parcelsFor } from '../../src/server/modules/shipping/index.js';

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

describe('shipping rates from packaging, between origin and destination (decision 068)', () => {
  const box = { piecesPerPackage: 12, lengthCm: 40, widthCm: 30, heightCm: 20, grossWeightGrams: 6000 };
  const unit = { weightGrams: 400, lengthCm: 20, widthCm: 15, heightCm: 10 };

  it('ships ⌈units / pieces per package⌉ packages of the package’s gross weight and dimensions', () => {
    expect(parcelsFor({ ...unit, packaging: box }, 1)).toEqual({
      weightGrams: 6000,
      lengthCm: 40,
      widthCm: 30,
      heightCm: 20,
      quantity: 1,
    });
    expect(parcelsFor({ ...unit, packaging: box }, 12).quantity).toBe(1);
    expect(parcelsFor({ ...unit, packaging: box }, 13).quantity).toBe(2);
    expect(parcelsFor({ ...unit, packaging: box }, 25).quantity).toBe(3);
  });

  it('falls back to the unit’s own weight and dimensions without complete packaging data', () => {
    const asUnits = { ...unit, quantity: 5 };
    expect(parcelsFor({ ...unit, packaging: null }, 5)).toEqual(asUnits);
    expect(parcelsFor({ ...unit, packaging: {} }, 5)).toEqual(asUnits);
    // The seed's packaging has pieces per package only.
    expect(parcelsFor({ ...unit, packaging: { type: 'cardboard_box', piecesPerPackage: 6 } }, 5)).toEqual(asUnits);
    expect(parcelsFor({ ...unit, packaging: { ...box, grossWeightGrams: 0 } }, 5)).toEqual(asUnits);
    expect(parcelsFor({ ...unit, packaging: { ...box, heightCm: undefined } }, 5)).toEqual(asUnits);
  });

  it('bills each package at the larger of gross and volumetric weight (cm³ / 5000 kg)', () => {
    // 40×30×20 = 24,000 cm³ = 4.8 kg volumetric < 6 kg gross: 13 units = 2 packages = 12 kg.
    expect(billableKg([parcelsFor({ ...unit, packaging: box }, 13)])).toBe(12);
    // A light, bulky box: 50×40×30 = 60,000 cm³ = 12 kg volumetric > 3 kg gross; 10 units = 1 package.
    const bulky = { piecesPerPackage: 10, lengthCm: 50, widthCm: 40, heightCm: 30, grossWeightGrams: 3000 };
    expect(billableKg([parcelsFor({ ...unit, packaging: bulky }, 10)])).toBe(12);
    // Volumetric grams round up: 7×7×7 = 343 cm³ = 68.6 g → 69 g, ×15 = 1,035 g → 2 kg.
    expect(billableKg([{ weightGrams: 10, lengthCm: 7, widthCm: 7, heightCm: 7, quantity: 15 }])).toBe(2);
  });

  it('zones between any two states; from Mexico City the table of decision 006', () => {
    expect(shippingZone('Ciudad de México', 'Ciudad de México')).toBe(1);
    expect(shippingZone('Ciudad de México', 'México')).toBe(1);
    expect(shippingZone('Ciudad de México', 'Puebla')).toBe(2);
    expect(shippingZone('Ciudad de México', 'Jalisco')).toBe(3);
    expect(shippingZone('Ciudad de México', 'Quintana Roo')).toBe(4);
    expect(shippingZone('Ciudad de México', 'Baja California')).toBe(4);
    expect(shippingZone('Ciudad de México', 'Atlantis')).toBe(3);
    expect(shippingZone('Jalisco', 'Jalisco')).toBe(1);
    expect(shippingZone('Jalisco', 'Colima')).toBe(2);
    expect(shippingZone('Jalisco', 'Michoacán de Ocampo')).toBe(2);
    expect(shippingZone('Jalisco', 'Ciudad de México')).toBe(3);
    expect(shippingZone('Jalisco', 'Yucatán')).toBe(4);
    expect(shippingZone('Yucatán', 'Quintana Roo')).toBe(2);
    expect(shippingZone('Tabasco', 'Chiapas')).toBe(3);
    expect(shippingZone('Sonora', 'Baja California')).toBe(3);
    expect(shippingZone('Nuevo León', 'Baja California Sur')).toBe(4);
  });

  it('prices a cart of packages from a Guadalajara origin with exact figures', () => {
    const parcels = [parcelsFor({ ...unit, packaging: box }, 13)]; // 12 kg
    const q = (state: string) =>
      createShippingProvider()
        .quote({ originState: 'Jalisco', state, parcels })
        .map((x) => x.precio);
    // Zone 1: economy 99.00 + 11 × 10.00; express 149.00 + 11 × 15.00.
    expect(q('Jalisco')).toEqual([9900 + 11 * 1000, 14900 + 11 * 1500, 0]);
    // Zone 3 to Mexico City: 149.00 + 11 × 20.00; 229.00 + 11 × 30.00.
    expect(q('Ciudad de México')).toEqual([14900 + 11 * 2000, 22900 + 11 * 3000, 0]);
    // No origin: Mexico City (zone 1 to itself).
    expect(createShippingProvider().quote({ state: 'Ciudad de México', parcels })[0].precio).toBe(9900 + 11 * 1000);
  });
});
