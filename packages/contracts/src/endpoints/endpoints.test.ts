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

  it('declares, for every entry whose path names something, whose object it is (or why it is open)', () => {
    const undeclared = allEndpoints()
      .filter((endpoint) => pathParams(endpoint).length > 0 && !endpoint.access)
      .map((endpoint) => `${endpoint.domain}.${endpoint.name} ${endpoint.method} ${endpoint.path}`);
    expect(undeclared, 'entries naming an object without an access declaration').toEqual([]);
  });

  it('declares access only on ids the call carries: a path parameter, or a field of its body', () => {
    for (const endpoint of allEndpoints()) {
      const access = endpoint.access;
      if (!access || 'open' in access) continue;
      const body = endpoint.body && 'shape' in endpoint.body ? Object.keys((endpoint.body as { shape: object }).shape) : [];
      const carried = new Set([...pathParams(endpoint), ...body]);
      const named = [access.owner, access.profile?.param, access.order?.param, access.object?.param].filter((name) => name !== undefined);
      expect(named.length, `${endpoint.domain}.${endpoint.name} declares no id`).toBeGreaterThan(0);
      for (const name of named) expect(carried.has(name), `${endpoint.domain}.${endpoint.name}: ${name}`).toBe(true);
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
