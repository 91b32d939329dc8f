import { describe, expect, it } from 'vitest';
import { endpointPath, type Endpoint } from '../endpoint.ts';
import { allEndpoints, endpoints } from './index.ts';

const pathParams = (endpoint: Endpoint) => [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]);

describe('the endpoint table', () => {
  it('declares every call once: no two entries share a method and path', () => {
    const keys = allEndpoints().map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(keys.length).toBeGreaterThan(40);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names each entry by its domain and key, so query keys and OpenAPI tags follow the table', () => {
    for (const [domain, group] of Object.entries(endpoints)) {
      for (const [name, endpoint] of Object.entries(group)) expect([endpoint.domain, endpoint.name]).toEqual([domain, name]);
    }
  });

  it('gives every :param of a path a schema, and no schema to a param the path lacks', () => {
    for (const endpoint of allEndpoints()) {
      const declared = Object.keys(endpoint.params?.shape ?? {}).sort();
      expect(declared, `${endpoint.method} ${endpoint.path}`).toEqual(pathParams(endpoint).sort());
    }
  });

  it('sends no body with a GET or a DELETE', () => {
    for (const endpoint of allEndpoints().filter((entry) => entry.method === 'GET' || entry.method === 'DELETE'))
      expect(endpoint.body, `${endpoint.method} ${endpoint.path}`).toBeUndefined();
  });

  it('fills and encodes path parameters', () => {
    expect(endpointPath(endpoints.orders.userDetail, { userId: 'a b', orderId: 'c/d' })).toBe('/api/order/a%20b/c%2Fd');
    expect(() => endpointPath(endpoints.orders.detail, {})).toThrow(/Missing path parameter "id"/);
  });
});
