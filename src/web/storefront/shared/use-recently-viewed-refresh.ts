/**
 * On start, refreshes the recently viewed list (localStorage `vistosrecientes`) through POST /api/getVistos with the
 * codes joined by commas, replacing the list with the answer. A failure shows a browser alert.
 */
import { useEffect, useRef } from 'react';
import { useShop, type ViewedProduct } from '../../state/shop-store';
import { fetchRecentlyViewed } from './api/get-recently-viewed';

export function useRecentlyViewedRefresh(enabled: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!enabled || done.current) return;
    done.current = true;
    const codes = useShop.getState().recentlyViewed.map((p) => p.codigo);
    if (!codes.length) return;
    fetchRecentlyViewed(codes)
      .then((products) => useShop.getState().setRecentlyViewed(products.map((p): ViewedProduct => ({ ...p }))))
      .catch((err: Error) => window.alert(err.message));
  }, [enabled]);
}
