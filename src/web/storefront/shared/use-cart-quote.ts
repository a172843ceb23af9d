/**
 * Live prices, stock and problems of the cart lines (POST /api/cart/quote), refreshed when the cart changes. Shared:
 * the cart and the payment step both show it (a feature never imports another: .dependency-cruiser.cjs).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useShop } from '../../state/shop-store';
import type { CartQuoteResponse } from '../../../shared/contracts/checkout';

export function useCartQuote() {
  const cart = useShop((s) => s.cart);
  const items = cart.map((l) => ({ codigo: l.codigo, sku: l.sku, quantity: l.quantity }));
  return useQuery({
    queryKey: ['cart-quote', items],
    queryFn: () => api.post<CartQuoteResponse>('/api/cart/quote', { items }, { redirectOn404: false }),
    enabled: items.length > 0,
    staleTime: 10_000,
    retry: 1,
  });
}
