/**
 * The subsets of the SAT's CFDI 4.0 catalogues a store sale needs (decision 154), shared by the server's checks and
 * the buyer's form. Source: SAT, Anexo 20 of the CFDI 4.0, catalogues file `catCFDI_V_4` (c_RegimenFiscal with its
 * columns "Física" / "Moral"; c_UsoCFDI with "Aplica para tipo persona Física / Moral" and "Régimen Fiscal Receptor";
 * c_FormaPago), as published at omawww.sat.gob.mx/tramitesyservicios/Paginas/anexo_20.htm. Left out on purpose: the
 * uses a sale can never carry (CP01 pagos, CN01 nómina) and G02, which only a credit note (egreso) carries.
 */

export type PersonType = 'fisica' | 'moral';

/** c_RegimenFiscal: key → its name (es) and the type of person it applies to. */
export const TAX_REGIMES: Readonly<Record<string, { name: string; persons: readonly PersonType[] }>> = {
  '601': { name: 'General de Ley Personas Morales', persons: ['moral'] },
  '603': { name: 'Personas Morales con Fines no Lucrativos', persons: ['moral'] },
  '605': { name: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', persons: ['fisica'] },
  '606': { name: 'Arrendamiento', persons: ['fisica'] },
  '607': { name: 'Régimen de Enajenación o Adquisición de Bienes', persons: ['fisica'] },
  '608': { name: 'Demás ingresos', persons: ['fisica'] },
  '610': { name: 'Residentes en el Extranjero sin Establecimiento Permanente en México', persons: ['fisica', 'moral'] },
  '611': { name: 'Ingresos por Dividendos (socios y accionistas)', persons: ['fisica'] },
  '612': { name: 'Personas Físicas con Actividades Empresariales y Profesionales', persons: ['fisica'] },
  '614': { name: 'Ingresos por intereses', persons: ['fisica'] },
  '615': { name: 'Régimen de los ingresos por obtención de premios', persons: ['fisica'] },
  '616': { name: 'Sin obligaciones fiscales', persons: ['fisica'] },
  '620': {
    name: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos',
    persons: ['moral'],
  },
  '621': { name: 'Incorporación Fiscal', persons: ['fisica'] },
  '622': { name: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', persons: ['moral'] },
  '623': { name: 'Opcional para Grupos de Sociedades', persons: ['moral'] },
  '624': { name: 'Coordinados', persons: ['moral'] },
  '625': {
    name: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
    persons: ['fisica'],
  },
  '626': { name: 'Régimen Simplificado de Confianza', persons: ['fisica', 'moral'] },
};

/** Régimenes of a business receiver (the "Régimen Fiscal Receptor" column of G01, G03 and I01-I08). */
const BUSINESS = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'];
/** Régimenes of the personal deductions D01-D10. */
const PERSONAL = ['605', '606', '608', '611', '612', '614', '607', '615', '625'];

/** c_UsoCFDI: key → its name (es), the types of person and the régimenes of the receiver it applies to. */
export const CFDI_USES: Readonly<
  Record<string, { name: string; persons: readonly PersonType[]; regimes: readonly string[] }>
> = {
  G01: { name: 'Adquisición de mercancías', persons: ['fisica', 'moral'], regimes: BUSINESS },
  G03: { name: 'Gastos en general', persons: ['fisica', 'moral'], regimes: BUSINESS },
  I01: { name: 'Construcciones', persons: ['fisica', 'moral'], regimes: BUSINESS },
  I02: { name: 'Mobiliario y equipo de oficina por inversiones', persons: ['fisica', 'moral'], regimes: BUSINESS },
  I03: { name: 'Equipo de transporte', persons: ['fisica', 'moral'], regimes: BUSINESS },
  I04: { name: 'Equipo de computo y accesorios', persons: ['fisica', 'moral'], regimes: BUSINESS },
  I05: {
    name: 'Dados, troqueles, moldes, matrices y herramental',
    persons: ['fisica', 'moral'],
    regimes: BUSINESS,
  },
  I06: { name: 'Comunicaciones telefónicas', persons: ['fisica', 'moral'], regimes: BUSINESS },
  I07: { name: 'Comunicaciones satelitales', persons: ['fisica', 'moral'], regimes: BUSINESS },
  I08: { name: 'Otra maquinaria y equipo', persons: ['fisica', 'moral'], regimes: BUSINESS },
  D01: { name: 'Honorarios médicos, dentales y gastos hospitalarios', persons: ['fisica'], regimes: PERSONAL },
  D02: { name: 'Gastos médicos por incapacidad o discapacidad', persons: ['fisica'], regimes: PERSONAL },
  D03: { name: 'Gastos funerales', persons: ['fisica'], regimes: PERSONAL },
  D04: { name: 'Donativos', persons: ['fisica'], regimes: PERSONAL },
  D07: { name: 'Primas por seguros de gastos médicos', persons: ['fisica'], regimes: PERSONAL },
  D10: { name: 'Pagos por servicios educativos (colegiaturas)', persons: ['fisica'], regimes: PERSONAL },
  S01: {
    name: 'Sin efectos fiscales',
    persons: ['fisica', 'moral'],
    regimes: [
      '601',
      '603',
      '605',
      '606',
      '608',
      '610',
      '611',
      '612',
      '614',
      '616',
      '620',
      '621',
      '622',
      '623',
      '624',
      '607',
      '615',
      '625',
      '626',
    ],
  },
};

/** c_UsoCFDI of a credit note (egreso): devoluciones, descuentos o bonificaciones. */
export const CREDIT_NOTE_USE = 'G02';

/** Persona física (13 characters) or moral (12), by the RFC's length. */
export function personTypeOfRfc(rfc: string): PersonType {
  return rfc.length === 12 ? 'moral' : 'fisica';
}

/** The uses a receiver of régimen `regime` and type `person` may choose (for the form's list). */
export function usesFor(regime: string, person: PersonType): string[] {
  return Object.entries(CFDI_USES)
    .filter(([, u]) => u.persons.includes(person) && u.regimes.includes(regime))
    .map(([k]) => k);
}

/** The régimenes a person of this type may have. */
export function regimesFor(person: PersonType): string[] {
  return Object.entries(TAX_REGIMES)
    .filter(([, r]) => r.persons.includes(person))
    .map(([k]) => k);
}

/**
 * c_FormaPago of an order's payment method (decision 154): 04 tarjeta de crédito for a card (the provider does not
 * tell credit from debit, 28), 01 efectivo for cash at OXXO, 31 intermediario pagos for PayPal (the buyer pays PayPal,
 * which pays the store).
 */
export const PAYMENT_FORMS: Readonly<Record<'card' | 'oxxo' | 'paypal', string>> = {
  card: '04',
  oxxo: '01',
  paypal: '31',
};
