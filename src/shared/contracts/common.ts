/** Schemas shared by several contracts. Money is integer centavos MXN. */
import { z } from 'zod';

/**
 * Text without control characters: C0 (U+0000-U+001F), DEL, C1 (U+0080-U+009F) and lone UTF-16 surrogates.
 * PostgreSQL cannot store U+0000 in text or jsonb (a NUL in any field would be a 500), and the others
 * have no business in a name, an address or a search: they forge log lines and mail headers and hide text.
 * `MULTILINE_TEXT` lets tab, line feed and carriage return through, for fields that are paragraphs.
 */
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001F\u007F-\u009F\p{Cs}]*$/u;
export const MULTILINE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}]*$/u;

/**
 * The one building block for every string a request carries (body, query, path): trimmed (unless `trim: false`),
 * at most `max` characters (always bounded), at least `min`, and free of control characters, which are refused with
 * the field message `errors:fields.control_characters` (400 VALIDATION_FAILED). Chain further checks as usual:
 * `text({ max: 254 }).toLowerCase().email()`. Decision 032; docs/security.md "Requests and headers".
 */
export function text(opts: { max: number; min?: number; multiline?: boolean; trim?: boolean }) {
  let s = z.string();
  if (opts.trim !== false) s = s.trim();
  if (opts.min) s = s.min(opts.min);
  return s
    .max(opts.max)
    .regex(opts.multiline ? MULTILINE_TEXT : SINGLE_LINE_TEXT, { message: 'i18n:control_characters' });
}

export const cents = z.number().int().min(0);
export const codigo = text({ min: 1, max: 64 }).regex(/^[A-Za-z0-9._-]+$/);
export const sku = text({ min: 1, max: 80 });
export const uuid = z.string().uuid();
export const postalCode = z.string().regex(/^\d{5}$/, { message: 'i18n:invalid_postal_code' });
export const email = text({ max: 254 }).toLowerCase().email();

/** A product as shown in a grid or list. `image` is the URL base: add "-160.webp", "-480.webp" or "-960.webp". */
export const productCard = z.object({
  codigo: z.string(),
  name: z.string(),
  priceCents: cents,
  compareAtCents: cents.nullable(),
  image: z.string().nullable(),
  ratingAvg: z.number(),
  ratingCount: z.number().int(),
  inStock: z.boolean(),
  department: z.string().nullable(),
  category: z.string().nullable(),
});
export type ProductCard = z.infer<typeof productCard>;

export const okResponse = z.object({ ok: z.literal(true) });

export const errorResponse = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  fields: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
});

/**
 * The shape of `schema` without its rules, for answers that carry stored data: strings and numbers of any value
 * (lengths, patterns, ranges, phone and email checks dropped), enum members as any string, arrays of any length,
 * object-level refinements dropped; objects, arrays, tuples, records, unions, optional, nullable and defaults kept.
 * A value saved under an older or looser rule (or by hand) is then answered as it is instead of failing the response
 * with a 500; the form shows the seller what to fix on the next save. The static type stays `T`, so the web keeps one
 * type for the form and the answer. Transforms (pipes) and lazy schemas are returned unchanged.
 */
export function asStored<T extends z.ZodType>(schema: T): T {
  return loosen(schema) as T;
}

function loosen(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'enum':
      return z.string();
    case 'array':
      return z.array(loosen(def.element as z.ZodType));
    case 'tuple': {
      const items = (def.items as z.ZodType[]).map(loosen) as [z.ZodType, ...z.ZodType[]];
      return def.rest ? z.tuple(items, loosen(def.rest as z.ZodType)) : z.tuple(items);
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return z.object(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, loosen(v)])));
    }
    case 'record':
      return z.record(def.keyType as z.ZodString, loosen(def.valueType as z.ZodType));
    case 'union':
      return z.union((def.options as z.ZodType[]).map(loosen) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    case 'optional':
      return loosen(def.innerType as z.ZodType).optional();
    case 'nullable':
      return loosen(def.innerType as z.ZodType).nullable();
    case 'default':
      return loosen(def.innerType as z.ZodType).default(
        (def as unknown as { defaultValue: unknown }).defaultValue as never,
      );
    default:
      return schema;
  }
}
