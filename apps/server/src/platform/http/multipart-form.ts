import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/*
 * The one reading of a multipart body (decision 024; issue 54 item 29): part by part, each file streamed, each text part
 * handed to the endpoint's form in one shape whatever its Content-Type.
 */

/** A file part as it arrives: its stream and the name the browser sent. */
export interface IncomingFile {
  stream: Readable;
  filename: string | undefined;
}

/**
 * A text part of the form. Clients send a JSON part either without a type or as `application/json` (a
 * `new Blob([json], { type: 'application/json' })`, the spec's form-data shape); @fastify/multipart parses the second
 * kind itself. Both arrive here the same: `text` for a part without a JSON type, `json` with the value already parsed.
 */
export type FormField = { kind: 'text'; text: string } | { kind: 'json'; value: unknown };

/** A part's text: a text part's own; a JSON part's string, or a number or boolean as text; undefined for anything else. */
export function fieldText(field: FormField): string | undefined {
  if (field.kind === 'text') return field.text;
  const { value } = field;
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** A part's JSON value: a JSON part's, or a text part's text parsed; `invalid` when the text is not JSON. */
export function fieldJson(field: FormField): { ok: true; value: unknown } | { ok: false } {
  if (field.kind === 'json') return { ok: true, value: field.value };
  try {
    return { ok: true, value: JSON.parse(field.text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** What an endpoint does with its form's parts, in the order they come. */
export interface MultipartForm<T> {
  field(name: string, value: FormField): void;
  file(fieldname: string, incoming: IncomingFile): Promise<void>;
  abort(): Promise<void>;
  commit(): Promise<T>;
}

/** Refuses a declared body over `max` before a byte of it is read (R8). */
export function refuseDeclaredOver(request: FastifyRequest, max: number, code: string): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) throw new AppError(413, code);
}

/**
 * Reads a multipart body part by part into `form`, streaming each file, and commits it; any failure aborts the form
 * (its stored files and pending rows are removed) and closes the connection rather than reading the rest of the body.
 * A text part is limited to `fieldSize` bytes.
 */
export async function readForm<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  form: MultipartForm<T>,
  limits: { files: number; fields: number; fileSize: number; fieldSize: number },
): Promise<T> {
  try {
    if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
    const parts = request.parts({
      limits: {
        fileSize: limits.fileSize,
        files: limits.files,
        fields: limits.fields,
        parts: limits.files + limits.fields,
        fieldSize: limits.fieldSize,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') await form.file(part.fieldname, { stream: part.file, filename: part.filename });
      // The parser sets the mimetype to exactly `application/json` once it has parsed a JSON part (charset or not).
      else if (part.mimetype === 'application/json') form.field(part.fieldname, { kind: 'json', value: part.value });
      else form.field(part.fieldname, { kind: 'text', text: String(part.value) });
    }
    return await form.commit();
  } catch (error) {
    await form.abort();
    if (!request.raw.readableEnded) reply.header('Connection', 'close');
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(400, 'TOO_MANY_FILES', { max: limits.files });
    // A part typed application/json whose text is not JSON: the same 400 as any malformed form.
    if (code === 'FST_INVALID_JSON_FIELD_ERROR') throw new AppError(400, 'BAD_REQUEST');
    throw error;
  }
}
