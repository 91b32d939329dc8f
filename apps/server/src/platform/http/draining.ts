import type { FastifyInstance } from 'fastify';

const draining = new WeakSet<FastifyInstance>();

/**
 * Rolling restarts (finding 11): once the instance drains, every answer carries `Connection: close`, so a client on a
 * kept-alive connection sends its next request on a new connection, which the load balancer gives to another instance.
 */
export function registerDraining(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (draining.has(app)) reply.header('connection', 'close');
    done();
  });
}

/** From now on every answer closes its connection; requests under way and arriving still get their answer. */
export function startDraining(app: FastifyInstance): void {
  draining.add(app);
}

export function isDraining(app: FastifyInstance): boolean {
  return draining.has(app);
}
