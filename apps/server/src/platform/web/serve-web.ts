import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from '@rhc/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieNames } from '../auth/authenticate.ts';
import { framedPathFor, pageHead } from './first-frame.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The page as sent: the HTML and its two encodings. */
interface PageVariant {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Answers a page address with the app's page (at `/`, and from the not-found handler for every client route). */
export type PageSender = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** Where index.html takes each page's parts (apps/web/index.html). */
const FRAME_MARK = '<!--rhc:first-frame-->';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; everything else (the page, sw.js, the
 * manifest) is revalidated, so a deploy is seen at once. The build writes a .br and a .gz beside each text file; the
 * one the request accepts is sent, with `Vary: Accept-Encoding` (decision 015). Any non-/api GET that is not a file
 * gets the page (client routing), in the visitor's language and with its first frame (decision 029): what `serveWebApp` returns.
 * `/index.html` itself is the page as built, without either, which the service worker keeps for offline use.
 * Returns what sends the page, for the not-found handler; undefined when there is no build (API-only runs, route tests).
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { secureCookies: boolean },
): Promise<PageSender | undefined> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
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
  const template = fs.readFileSync(indexFile, 'utf8');
  const hintCookie = sessionCookieNames(options.secureCookies).hint;
  // One variant per framed page (or none) and language: a few dozen at most, each made (and compressed) once.
  const variants = new Map<string, Promise<PageVariant>>();
  const sendPage: PageSender = (request, reply) => {
    const cookie = request.cookies[LANGUAGE_COOKIE];
    // The app's own rule (lib/i18n.ts): the language cookie, else Vietnamese; Accept-Language does not choose.
    const language: Language = isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
    const signedIn = request.cookies[hintCookie] === '1';
    const framedPath = framedPathFor(new URL(request.url, 'http://page').pathname, signedIn);
    const key = `${language}\n${framedPath}`;
    let variant = variants.get(key);
    if (!variant) {
      const head = pageHead(framedPath, language);
      variant = makeVariant(
        template
          .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
          .replace(/<title>[^<]*<\/title>/, `<title>${head.title}</title>`)
          .replace(FRAME_MARK, head.frame),
      );
      variants.set(key, variant);
    }
    return sendVariant(request, reply, variant);
  };
  app.get('/', sendPage);
  return sendPage;
}

async function makeVariant(page: string): Promise<PageVariant> {
  const html = Buffer.from(page);
  const [br, gz] = await Promise.all([
    brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
    gzip(html, { level: 9 }),
  ]);
  return { html, br, gzip: gz };
}

/** The codings the request accepts (q > 0), by name: `br;q=0, gzip` accepts gzip only. */
function acceptedCodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

async function sendVariant(request: FastifyRequest, reply: FastifyReply, variant: Promise<PageVariant>) {
  const page = await variant;
  const accepted = acceptedCodings(request.headers['accept-encoding']);
  const [encoding, body] = accepted.has('br') ? ['br', page.br] : accepted.has('gzip') ? ['gzip', page.gzip] : [undefined, page.html];
  if (encoding) reply.header('Content-Encoding', encoding);
  // The page follows the language and session cookies, and is sent compressed or not.
  return reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding, Cookie')
    .send(body);
}
