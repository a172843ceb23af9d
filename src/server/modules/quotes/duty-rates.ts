/**
 * A small table of import duty rates into Mexico by HS chapter, to prefill a quote's duty estimate (the seller enters
 * or changes the rate; the screen labels the result an estimate). Only chapters where one general (MFN) rate covers
 * the finished goods of the chapter are listed; the exact rate is the tariff fraction's in the TIGIE, and a trade
 * agreement (USMCA, the EU, CPTPP...) usually lowers it to 0, which this table cannot know.
 *
 * Source: Decreto por el que se modifica la Tarifa de la Ley de los Impuestos Generales de Importación y de
 * Exportación, DOF 19 December 2024 (textiles and apparel from countries without a trade agreement with Mexico:
 * 35 % on the finished goods of chapters 61, 62 and 63).
 */

/** Rates in basis points by 2-digit HS chapter. */
const MEXICO_DUTY_BPS_BY_CHAPTER: Readonly<Record<string, number>> = {
  '61': 3500, // knitted apparel
  '62': 3500, // apparel, not knitted
  '63': 3500, // other made-up textile articles
};

/**
 * The table's rate for `hsCode`'s chapter (its first two digits) on imports into `country` (only MX is known), or
 * null rates when none is known.
 */
export function dutyRateFor(hsCode: string | null, country = 'MX'): { chapter: string | null; rateBps: number | null } {
  const chapter = hsCode?.replace(/\D/g, '').slice(0, 2) ?? '';
  if (chapter.length !== 2) return { chapter: null, rateBps: null };
  return { chapter, rateBps: country === 'MX' ? (MEXICO_DUTY_BPS_BY_CHAPTER[chapter] ?? null) : null };
}
