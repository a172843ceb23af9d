/** Schemas shared by several contracts. Money is integer centavos MXN. */
import { z } from 'zod';

export const cents = z.number().int().min(0);
export const codigo = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/);
export const sku = z.string().trim().min(1).max(80);
export const uuid = z.string().uuid();
export const postalCode = z.string().regex(/^\d{5}$/, { message: 'i18n:invalid_postal_code' });
export const email = z.string().trim().toLowerCase().max(254).email();

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
