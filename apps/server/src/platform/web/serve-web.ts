import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; everything else (index.html, sw.js, the
 * manifest) is revalidated, so a deploy is seen at once. Any non-/api GET that is not a file gets the app (client
 * routing). The build writes a .br and a .gz beside each text file; the one the request accepts is sent, with
 * `Vary: Accept-Encoding` (decision 015). Returns false when there is no build (API-only runs, route tests).
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // The compressed copies are encodings of their file, not addresses of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', (_request, reply) => sendIndex(reply));
  return true;
}

export function sendIndex(reply: FastifyReply) {
  return reply.sendFile('index.html');
}
