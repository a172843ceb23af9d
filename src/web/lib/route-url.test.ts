/**
 * `routeUrl` fills a route's `:param`s. The expected URLs are the route table's own paths with the params written in
 * by hand (the encoded value spelled out), so no API path is repeated here and a renamed path changes both sides.
 */
import { describe, expect, it } from 'vitest';
import { routeUrl } from './route-url';
import { retryRefund } from '../../shared/routes/orders';
import { productDetail } from '../../shared/routes/catalog';
import { currentUser } from '../../shared/routes/accounts-first-load';

describe('routeUrl', () => {
  it('fills every :param of the path, URI-encoded', () => {
    expect(retryRefund.path).toMatch(/\/:id\/.*\/:refundId\//);
    expect(routeUrl(retryRefund, { id: 'a1', refundId: 'b2' })).toBe(
      retryRefund.path.replace('/:id/', '/a1/').replace('/:refundId/', '/b2/'),
    );
    expect(productDetail.path).toMatch(/\/:codigo$/);
    expect(routeUrl(productDetail, { codigo: 'ABC 1/2?' })).toBe(
      productDetail.path.replace(/:codigo$/, 'ABC%201%2F2%3F'),
    );
  });

  it('leaves a path without params as it is', () => {
    expect(currentUser.path).not.toContain(':');
    expect(routeUrl(currentUser)).toBe(currentUser.path);
  });

  it('refuses a missing param instead of calling a wrong URL', () => {
    expect(() => routeUrl(retryRefund, { id: 'a1' })).toThrow('retryRefund: missing path parameter refundId');
  });
});
