import Fastify from 'fastify';
import pg from 'pg';

/**
 * The baseline of `server-ratio.ts`: a bare Fastify with one route that reads one row of `users` by its primary key
 * (a prepared statement) and answers it as JSON. No hooks, no plugins, a pool as large as RHC's, logging at warn.
 * Started in a process of its own, as RHC is; PORT and DATABASE_URL come from the environment.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 20) });
const app = Fastify({ logger: { level: 'warn' } });

app.get<{ Params: { id: string } }>('/row/:id', async (request, reply) => {
  const { rows } = await pool.query({
    name: 'bare-row',
    text: 'SELECT id, full_name, phone, created_at FROM users WHERE id = $1',
    values: [request.params.id],
  });
  if (rows.length === 0) return reply.code(404).send({ status: 404 });
  return rows[0] as unknown;
});

app.get('/ready', async () => ({ ok: true }));

const close = () => {
  void app.close().then(() => pool.end());
};
process.once('SIGTERM', close);
process.once('SIGINT', close);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
