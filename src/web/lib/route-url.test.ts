import { describe, expect, it } from 'vitest';
import { routeUrl } from './route-url';
import { retryRefund } from '../../shared/routes/orders';
import { productDetail } from '../../shared/routes/catalog';
import { currentUser } from '../../shared/routes/accounts';

describe('routeUrl', () => {
  it('fills every :param of the path, URI-encoded', () => {
    expect(routeUrl(retryRefund, { id: 'a1', refundId: 'b2' })).toBe('/api/admin/orders/a1/refunds/b2/retry');
    expect(routeUrl(productDetail, { codigo: 'ABC 1/2?' })).toBe('/api/productos/ABC%201%2F2%3F');
  });

  it('leaves a path without params as it is', () => {
    expect(routeUrl(currentUser)).toBe('/api/user');
  });

  it('refuses a missing param instead of calling a wrong URL', () => {
    expect(() => routeUrl(retryRefund, { id: 'a1' })).toThrow('retryRefund: missing path parameter refundId');
  });
});
