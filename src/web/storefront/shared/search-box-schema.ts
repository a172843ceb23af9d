/**
 * The header search box's schema, loaded when the box gets focus or on its first submit so that zod stays out of the storefront's first load
 * (shop-layout.tsx). The words are the `q` of GET /api/reseller/producto/search (at most 200 characters, no control
 * characters).
 */
// First: built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../lib/zod-csp';
import { z } from 'zod';
import { searchQuery } from '../../../shared/contracts/catalog';

export const searchBoxSchema = z.object({ q: searchQuery.shape.q.unwrap() });
export type SearchBoxValues = z.input<typeof searchBoxSchema>;
