import { allEndpoints, endpoints } from '@rhc/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { describeOnEachDatabase } from '../../../test/test-app.ts';

describeOnEachDatabase((context) => {
  describe('the endpoint table', () => {
    it('is served entry by entry: every call it declares has its route', () => {
      const missing = allEndpoints().filter(
        (endpoint) => !context().app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` }),
      );
      expect(missing.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
    });

    it('is the only way to add a route under /api: one without an entry stops the app from building', async () => {
      const app = await buildApp({ database: context().database, version: 'test', uploadsDir: context().uploadsDir });
      try {
        expect(() => app.get('/api/not-in-the-table', async () => 'hidden')).toThrow(/no entry in the endpoint table/);
        expect(() => app.route({ method: 'DELETE', url: `/api${endpoints.orders.detail.path}`, handler: async () => 'hidden' })).toThrow(
          /DELETE \/api\/order\/detail\/:id has no entry/,
        );
        // Outside the API (the web app's own paths) routes are free.
        expect(() => app.get('/outside-the-api', async () => 'fine')).not.toThrow();
      } finally {
        await app.close();
      }
    });

    it('answers a declared call with the envelope and the status of its entry', async () => {
      const response = await context().app.inject({ method: 'GET', url: '/api/support-contact' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 200, message: 'OK', data: { phone: expect.any(String) } });
    });

    it('checks the session of every entry that needs one', async () => {
      for (const endpoint of allEndpoints().filter((entry) => entry.auth)) {
        const url = `/api${endpoint.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')}`;
        const response = await context().app.inject({ method: endpoint.method, url });
        expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
      }
    });
  });

  describe('in production', () => {
    it('does not serve the development entries', async () => {
      const app = await buildApp({ database: context().database, version: 'prod', uploadsDir: context().uploadsDir, production: true });
      try {
        for (const endpoint of Object.values(endpoints.dev))
          expect(app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` })).toBe(false);
        expect(app.hasRoute({ method: 'GET', url: '/api/health' })).toBe(true);
      } finally {
        await app.close();
      }
    });
  });
});
