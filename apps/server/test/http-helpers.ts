import type { FastifyInstance } from 'fastify';

/** Someone signed in, as a route test addresses them. */
export type Caller = { userId: string; auth: { authorization: string } };

/** One request of a route test: `app.inject` with its method, url, headers and (when given) body. */
export function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object | string,
) {
  return app.inject(payload === undefined ? { method, url, headers } : { method, url, headers, payload });
}

/** The same with a multipart body: its content type joins the headers. */
export function sendForm(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  form: { headers: Record<string, string>; payload: Buffer },
) {
  return send(app, method, url, { ...form.headers, ...headers }, form.payload);
}
