import type { z } from 'zod/mini';
import { ApiError } from './api-error.ts';
import { i18n } from './i18n.ts';
import { focusQuietly } from './quiet-focus.ts';

/*
 * Validation messages travel with the forms that show them, not with the first screen. This module translates
 * `errors:` keys outside React (fieldErrorText): the namespace arrives with the strings of the screen showing the
 * form (lib/i18n.ts), and is asked for here too in case a form is ever on a screen with none of its own.
 */
void i18n.loadNamespaces('errors');

/**
 * The one form approach, used by every form of the web: Mantine's useForm holds the values and the errors per field
 * path ("doctor.bankName"), validated by the contract's own zod schema (the one the server checks) with `schemaErrors`,
 * or by the form's own rules where the body is built from more than its fields (the record's files, a share's consent);
 * the submit goes through `useFormMutation` (lib/use-form-mutation.ts), which puts the server's problems at the fields.
 * A client-side error is an i18n key — of the errors namespace ("validation.phone_invalid") or naming its own
 * ("relatives:child.required") — translated when shown, so it follows a language switch; a server-side error arrives
 * already in the person's language and is shown as it is.
 */
export type FieldErrors = Record<string, string>;

/** The issues of `schema` for `value`, by field path; the first issue of a field wins. */
export function schemaErrors(schema: z.ZodMiniType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The server's per-field problems (`field` "body.phone") as form errors at those fields ("phone"). */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const detail of error.details ?? []) {
    const path = detail.field.replace(/^(body|query|params)\./, '');
    errors[path] ??= detail.message;
  }
  return errors;
}

/**
 * A form error as the person reads it: a key of the errors namespace ("validation.phone_invalid") or a key naming its
 * namespace ("relatives:child.required") translated, any other text as it is.
 */
export function fieldErrorText(error: unknown): string | undefined {
  if (typeof error !== 'string' || error === '') return undefined;
  const key = error.includes(':') && i18n.exists(error) ? error : `errors:${error}`;
  return i18n.exists(key) ? i18n.t(key as never) : error;
}

/** For useForm's `enhanceGetInputProps`: every input shows its error translated. */
export function translateInputError({ inputProps }: { inputProps: { error?: unknown } }): { error: string | undefined } {
  return { error: fieldErrorText(inputProps.error) };
}

/** After a failed submit: the first field in error gets the focus (and so scrolls into view). */
export function focusFirstError(form: { getInputNode: (path: never) => HTMLElement | null }, errors: Record<string, unknown>): void {
  for (const path of Object.keys(errors)) {
    const node = form.getInputNode(path as never);
    if (node) {
      focusQuietly(node);
      return;
    }
  }
}
