/**
 * Seller catalogue API calls: the list of /admin/catalogo, one product for the editor,
 * create, update, archive and restore, department tree and HS code search. Uploads go through the files module
 * (admin/shared/files). Query keys live here (the
 * feature's own cache space, all under ['admin', 'catalog']).
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as catalogRoutes from '../../../../../shared/routes/catalog';
import type { AdminProductListQuery, ProductInput } from '../../../../../shared/contracts/catalog-admin';

export const catalogKeys = {
  all: () => ['admin', 'catalog'] as const,
  list: (q: ProductListParams) => ['admin', 'catalog', 'list', q] as const,
  product: (codigo: string) => ['admin', 'catalog', 'product', codigo] as const,
  departments: () => ['admin', 'catalog', 'departments'] as const,
  hs: (q: string) => ['admin', 'catalog', 'hs', q] as const,
};

/** The list's query as the page builds it from the URL. */
export type ProductListParams = Omit<AdminProductListQuery, 'page' | 'pageSize'> & { page: number; pageSize?: number };

/**
 * GET /api/admin/products; the previous page stays on screen while the next loads. A search or page typed right after
 * another (or after a save or an import refreshed the list) waits for the throttle's window instead of showing
 * its error: the seller asked for it, nothing is lost by waiting a moment.
 */
export const adminProductsQuery = (q: ProductListParams) =>
  queryOptions({
    queryKey: catalogKeys.list(q),
    queryFn: () => call(catalogRoutes.listAdminProducts, { query: { ...q }, waitForThrottle: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/products/:codigo. */
export const adminProductQuery = (codigo: string) =>
  queryOptions({
    queryKey: catalogKeys.product(codigo),
    queryFn: () => call(catalogRoutes.getAdminProduct, { params: { codigo } }),
  });

/** GET /api/admin/departments: the seller's departments and categories (suggestions in the form). */
export const departmentsQuery = () =>
  queryOptions({
    queryKey: catalogKeys.departments(),
    queryFn: () => call(catalogRoutes.adminDepartments),
    staleTime: 60_000,
  });

/** GET /api/admin/hs-codes?q= (at least 2 characters). */
export const hsCodesQuery = (q: string) =>
  queryOptions({
    queryKey: catalogKeys.hs(q),
    queryFn: () => call(catalogRoutes.searchHsCodes, { query: { q } }),
    enabled: q.trim().length >= 2,
    staleTime: Infinity,
  });

/** POST /api/admin/products, or PUT /api/admin/products/:codigo when `codigo` is given. Refreshes lists. */
export function useSaveProduct(codigo: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductInput) =>
      codigo
        ? call(catalogRoutes.updateProduct, { params: { codigo }, body, waitForThrottle: true })
        : call(catalogRoutes.createProduct, { body, waitForThrottle: true }),
    onSuccess: (p) => {
      qc.setQueryData(catalogKeys.product(p.codigo), p);
      void qc.invalidateQueries({ queryKey: catalogKeys.all() });
    },
  });
}

/** POST /api/admin/products/:codigo/archive | restore. */
export function useArchiveProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ codigo, archive }: { codigo: string; archive: boolean }) =>
      call(archive ? catalogRoutes.archiveProduct : catalogRoutes.restoreProduct, {
        params: { codigo },
        waitForThrottle: true,
      }),
    onSuccess: (p) => {
      qc.setQueryData(catalogKeys.product(p.codigo), p);
      void qc.invalidateQueries({ queryKey: catalogKeys.all() });
    },
  });
}
