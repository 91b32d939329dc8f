import { allEndpoints } from '@rhc/contracts';
import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../../test/test-app.ts';

describeOnEachDatabase((context) => {
  describe('GET /api/docs/json', () => {
    it('documents every endpoint of the contracts table with its response schema', async () => {
      const response = await context().app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.info.title).toBe('RHC API');
      for (const endpoint of allEndpoints()) {
        const path = `/api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
        const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
        expect(operation, `${endpoint.method} ${path}`).toBeDefined();
        expect(operation.tags).toEqual([endpoint.domain]);
        const answer = operation.responses[String(endpoint.status ?? 200)];
        if (endpoint.produces) expect(answer.content[endpoint.produces].schema, endpoint.path).toBeDefined();
        else expect(answer.content['application/json'].schema.properties.data, endpoint.path).toBeDefined();
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
