/**
 * A complete company profile for tests: the sections decision 115 requires and more, as the seller's forms send them. No imports,
 * so the browser tests' factories can use it too.
 */
export const COMPLETE_COMPANY_PROFILE = {
  basic: { name: 'Comercializadora Prueba', businessType: 'manufacturer' },
  products: { mainIndustry: 'Ropa y calzado' },
  details: {
    advantages: 'Fabricamos en México con materiales certificados y entregamos en 48 horas a todo el país.',
    introduction:
      'Somos una fábrica fundada en León, Guanajuato, con más de veinte años de experiencia en piel, textiles y diseño propio.',
  },
  contacts: { contacts: [{ name: 'Ana López', phone: '+52 477 123 4567', position: 'Ventas' }] },
} as const;
