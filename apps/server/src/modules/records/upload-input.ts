import type { FieldError } from '@rhc/contracts';
import type { Language } from '@rhc/i18n';
import type { z } from 'zod/mini';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import { fieldJson, type FormField } from '../../platform/http/multipart-form.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';

/* What an upload's parts bring in, read and checked before anything is stored (decision 024). */

export function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * What a stored name may not keep: control characters, line and paragraph separators, and the invisible format
 * characters (Unicode category Cf) — bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) would show
 * "report\u202Egnp.exe" as "reportexe.png" (issue 54 item 9). The two joiners stay: emoji and some scripts need them.
 */
const HIDDEN_CHARACTERS = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A file's name as a person picked it, made safe to store and show: no path, no hidden characters, bounded. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(HIDDEN_CHARACTERS, '').trim();
  return (cleaned || 'file').slice(0, 255);
}

/** The 400 of a multipart JSON field that fails its schema, in the shape of the schemas' own refusals. */
export function fieldErrors(language: Language, field: string, error: z.core.$ZodError): AppError {
  const t = translatorFor(language);
  const details: FieldError[] = error.issues.slice(0, 20).map((issue) => {
    const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    return { field: [field, ...issue.path.map(String)].join('.'), code: issue.code, message: t(`errors:${key}` as never) };
  });
  return new AppError(400, 'VALIDATION_FAILED', {}, details);
}

/** A JSON part's value, sent with or without `application/json`; a text that is not JSON is the field's 400. */
export function parseJsonField(language: Language, name: string, field: FormField): unknown {
  const parsed = fieldJson(field);
  if (!parsed.ok) throw fieldError(language, name, 'validation.invalid');
  return parsed.value;
}

export type { IncomingFile } from '../../platform/http/multipart-form.ts';
