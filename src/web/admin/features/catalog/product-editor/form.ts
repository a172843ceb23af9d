/**
 * The product editor's form values: the empty form, a saved product's form, and the variant grid's combinations of
 * attribute values. Shared by the editor page and its sections.
 */
import type { Path, UseFormReturn } from 'react-hook-form';
import {
  ATTRIBUTE_KINDS,
  type AdminProduct,
  type AttributeKind,
  type ProductInput,
  type ProductInputParsed,
} from '../../../../../shared/contracts/catalog-admin';

/** The form's values: the shared product contract's input (the server parses the same schema). */
export type Form = ProductInput;
/** One row of the variant grid. */
export type Variant = NonNullable<Form['variants']>[number];

/** A new product's form. */
export const EMPTY: Form = {
  industry: '' as Form['industry'],
  department: '',
  category: '',
  name: '',
  shortDescription: '',
  description: '',
  usage: '',
  keywords: [],
  brand: '',
  hsCode: '',
  origin: 'MX',
  visible: true,
  attributes: {},
  variants: [{ options: {}, sku: '', barcode: '', priceCents: 0, stock: 0 }],
  dimensions: { lengthCm: 1, widthCm: 1, heightCm: 1, weightGrams: 1 },
  specifications: [],
  packaging: {
    type: 'cardboard_box',
    photo: null,
    piecesPerPackage: 1,
    internalPackaging: '',
    lengthCm: 1,
    widthCm: 1,
    heightCm: 1,
    grossWeightGrams: 1,
    netWeightGrams: 1,
  },
  purchase: {
    unitOfSale: '',
    minOrderQty: 1,
    quantityMin: null,
    quantityMax: null,
    deliveryDaysMin: null,
    deliveryDaysMax: null,
    sample: false,
    samplePriceCents: null,
    paymentOptions: [],
    protections: [],
    customization: '',
    monthlyCapacity: null,
    containers: '',
  },
  pickup: { available: false, countryCode: 'MX', postalCode: '', address: '', notes: '' },
  photos: [],
  coverFileId: null,
  colourPhotos: {},
};

/** The form of a saved product. */
export function fromProduct(p: AdminProduct): Form {
  const { packaging, variants } = p;
  return {
    ...EMPTY,
    ...p,
    industry: p.industry as Form['industry'],
    packaging: { ...packaging },
    variants: variants.map((v) => ({ ...v, barcode: v.barcode ?? '' })),
  };
}

/** An optional whole number field: empty is null. */
export const intOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** All combinations of the attribute values with values, in ATTRIBUTE_KINDS order. */
export function combinations(attributes: Form['attributes']): Partial<Record<AttributeKind, string>>[] {
  const kinds = ATTRIBUTE_KINDS.filter((k) => (attributes?.[k]?.length ?? 0) > 0);
  let out: Partial<Record<AttributeKind, string>>[] = [{}];
  for (const k of kinds) out = out.flatMap((o) => attributes![k]!.map((v) => ({ ...o, [k]: v })));
  return out;
}

/** A variant's options as one key (the grid keeps filled rows by it). */
export const comboKey = (o: Partial<Record<AttributeKind, string>> | undefined) =>
  ATTRIBUTE_KINDS.map((k) => o?.[k] ?? '').join('\u0000');

/** The editor's react-hook-form instance. */
export type ProductForm = UseFormReturn<Form, unknown, ProductInputParsed>;

/** What every section of the editor takes: the form, and its field errors as translated messages. */
export interface SectionProps {
  form: ProductForm;
  fieldError: (name: Path<Form>) => string | undefined;
}
