import { endpoints } from '@rhc/contracts';
import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../../test/test-app.ts';

describeOnEachDatabase((context) => {
  describe('GET /api/docs/json', () => {
    it('documents every endpoint of the contracts table with its response schema', async () => {
      const response = await context().app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.info.title).toBe('RHC API');
      for (const endpoint of Object.values(endpoints)) {
        const operation = document.paths[`/api${endpoint.path}`]?.[endpoint.method.toLowerCase()];
        expect(operation, endpoint.path).toBeDefined();
        expect(operation.responses['200'].content['application/json'].schema.properties.data).toBeDefined();
      }
    });
  });

  describe('GET /api/docs', () => {
    it('serves the interactive documentation page', async () => {
      const response = await context().app.inject({ method: 'GET', url: '/api/docs/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('swagger-ui');
    });
  });
});
