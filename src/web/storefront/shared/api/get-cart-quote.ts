/** Live prices, stock and problems of the cart lines (POST /api/cart/quote), shared by the cart and the payment page. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import * as checkoutRoutes from '../../../../shared/routes/checkout';
import { queryKeys } from '../../../lib/query-keys';
import { useShop, type CartItem } from '../../../state/shop-store';
import type { cartLineInput } from '../../../../shared/contracts/checkout';

export type CartLineInput = z.input<typeof cartLineInput>;

/** The API's view of cart lines: codigo, sku and quantity. */
export function cartLines(cart: CartItem[]): CartLineInput[] {
  return cart.map((l) => ({ codigo: l.codigo, sku: l.sku, quantity: l.quantity }));
}

export const cartQuoteQuery = (items: CartLineInput[]) =>
  queryOptions({
    queryKey: queryKeys.cartQuote(items),
    queryFn: () => call(checkoutRoutes.quoteCart, { body: { items }, redirectOn404: false }),
    enabled: items.length > 0,
    staleTime: 10_000,
    retry: 1,
  });

/** The quote of the current cart, refreshed when the cart changes. */
export function useCartQuote() {
  const cart = useShop((s) => s.cart);
  return useQuery(cartQuoteQuery(cartLines(cart)));
}
